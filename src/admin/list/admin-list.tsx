import type { UseQueryResult } from '@tanstack/react-query'
import type { FormEvent, ReactNode } from 'react'
import { AdminPaging } from '../paging'
import { Loading, LoadProblem } from '../shell/status-pages'

type ListFiltersProps = {
  label: string
  className?: string
  onSubmit: (form: FormData) => void
  onClear: () => void
  applyLabel: string
  clearLabel: string
  children: ReactNode
}

/** A list's filter form: its fields, then apply and clear. */
export function ListFilters({
  label,
  className,
  onSubmit,
  onClear,
  applyLabel,
  clearLabel,
  children,
}: ListFiltersProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onSubmit(new FormData(event.currentTarget))
  }
  return (
    <form
      className={className ? `admin-filters ${className}` : 'admin-filters'}
      aria-label={label}
      onSubmit={submit}
    >
      {children}
      <div className="admin-actions admin-filters__buttons">
        <button type="submit" className="button">
          {applyLabel}
        </button>
        <button type="button" className="button button--ghost" onClick={onClear}>
          {clearLabel}
        </button>
      </div>
    </form>
  )
}

/** How many rows the filters match, announced as it changes. */
export function ListCount({ children }: { children: ReactNode }) {
  return (
    <p className="admin-status" role="status" aria-live="polite">
      {children}
    </p>
  )
}

type ListPageProps<Answer> = {
  list: UseQueryResult<Answer>
  page: number
  /** no page after this one */
  last: (answer: Answer) => boolean
  onPage: (page: number) => void
  children: (answer: Answer) => ReactNode
}

/** The rows of the page with previous and next under them, or the read's problem, or a wait. */
export function ListPage<Answer>({ list, page, last, onPage, children }: ListPageProps<Answer>) {
  if (list.data !== undefined) {
    return (
      <>
        {children(list.data)}
        <AdminPaging page={page} last={last(list.data)} onPage={onPage} />
      </>
    )
  }
  if (list.error) return <LoadProblem error={list.error} onRetry={() => void list.refetch()} />
  return <Loading />
}
