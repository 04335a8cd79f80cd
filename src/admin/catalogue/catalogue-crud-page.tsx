import { type QueryKey, type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { figure, t } from '../../i18n'
import { ApiRequestError } from '../../lib/api'
import { quiet } from '../admin-api'
import { ConfirmDialog } from '../confirm-dialog'
import { formErrors } from '../form-errors'
import { FormAlert, LiveStatus } from '../form-parts'
import { Loading, LoadProblem } from '../shell/status-pages'

/** What the categories and brands lists show of a row. */
type CatalogueRow = { id: number; name: string; nameBn: string; slug: string; products: number }

type CatalogueCrudOptions<Row> = {
  /** the list, asked again after a delete, done or refused */
  listKey: QueryKey
  remove: (row: Row) => Promise<unknown>
  /** what a delete refused for a row still in use (409) says */
  inUse: (row: Row) => string
}

/**
 * A categories or brands page's state: the row whose form is open, the row waiting for its delete to be
 * confirmed, and what the last change said (a status, or a problem above the list).
 */
export function useCatalogueCrud<Row extends CatalogueRow>({
  listKey,
  remove,
  inUse,
}: CatalogueCrudOptions<Row>) {
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState<number | null>(null)
  const [deleting, setDeleting] = useState<Row | null>(null)
  const [status, setStatus] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const removal = useMutation({
    mutationFn: remove,
    meta: quiet,
    onSuccess: (_answer, row) => setStatus(t('admin-catalogue.deleted', { name: row.name })),
    onError: (error, row) =>
      setProblem(
        error instanceof ApiRequestError && error.status === 409 ? inUse(row) : formErrors(error, []).form,
      ),
    onSettled: () => {
      setDeleting(null)
      void queryClient.invalidateQueries({ queryKey: listKey })
    },
  })
  const announceSaved = (row: Row) => setStatus(t('admin-catalogue.saved', { name: row.name }))
  return {
    editing,
    setEditing,
    deleting,
    setDeleting,
    status,
    setStatus,
    problem,
    setProblem,
    removal,
    announceSaved,
    /** closes the open row's form and says what was saved */
    closeSaved: (row: Row) => {
      setEditing(null)
      announceSaved(row)
    },
  }
}

export type CatalogueCrud<Row extends CatalogueRow> = ReturnType<typeof useCatalogueCrud<Row>>

type CataloguePageProps<Row extends CatalogueRow> = {
  crud: CatalogueCrud<Row>
  list: UseQueryResult<Row[]>
  title: string
  /** the panel for a new row: its heading's id, its heading and its form */
  newId: string
  newTitle: string
  newForm: ReactNode
  /** the list's panel: its heading's id, its heading and a line on how to use it */
  listId: string
  listTitle: string
  listHint?: string | undefined
  /** the list, once it has loaded */
  children: (rows: Row[]) => ReactNode
}

/**
 * The categories and brands pages: a panel to add one, then the list (with what the last change said),
 * and the question before a delete.
 */
export function CataloguePage<Row extends CatalogueRow>({
  crud,
  list,
  title,
  newId,
  newTitle,
  newForm,
  listId,
  listTitle,
  listHint,
  children,
}: CataloguePageProps<Row>) {
  const { deleting } = crud
  return (
    <div className="admin-page">
      <h1>{title}</h1>
      <section className="admin-panel" aria-labelledby={newId}>
        <h2 id={newId}>{newTitle}</h2>
        {newForm}
      </section>
      <section className="admin-panel" aria-labelledby={listId}>
        <h2 id={listId}>{listTitle}</h2>
        {listHint && <p className="auth-note">{listHint}</p>}
        <LiveStatus message={crud.status} />
        <FormAlert message={crud.problem} />
        {list.data ? (
          children(list.data)
        ) : list.error ? (
          <LoadProblem error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <Loading />
        )}
      </section>
      {deleting && (
        <ConfirmDialog
          title={t('admin-catalogue.delete-title', { name: deleting.name })}
          text={t('admin-catalogue.delete-text')}
          confirmLabel={t('admin-catalogue.delete')}
          danger
          busy={crud.removal.isPending}
          onConfirm={() => {
            crud.setProblem(null)
            crud.removal.mutate(deleting)
          }}
          onCancel={() => crud.setDeleting(null)}
        />
      )}
    </div>
  )
}

type CatalogueRowLineProps<Row extends CatalogueRow> = {
  row: Row
  crud: CatalogueCrud<Row>
  /** shown before the names (a brand's logo) */
  picture?: ReactNode
  /** buttons before Edit and Delete (a category's moves) */
  actions?: ReactNode
}

/** A row of the list: its names, address and product count, then its buttons, Edit and Delete last. */
export function CatalogueRowLine<Row extends CatalogueRow>({
  row,
  crud,
  picture,
  actions,
}: CatalogueRowLineProps<Row>) {
  return (
    <div className="catalogue-row__line">
      {picture}
      <div className="catalogue-row__text">
        <strong>{row.name}</strong>
        {row.nameBn && <span lang="bn"> · {row.nameBn}</span>}
        <span className="catalogue-row__meta">
          /{row.slug} · {t('admin-catalogue.product-count', { count: figure(row.products) })}
        </span>
      </div>
      <div className="admin-actions catalogue-row__actions">
        {actions}
        <button
          type="button"
          className="button button--ghost button--small"
          aria-label={t('admin-catalogue.edit-named', { name: row.name })}
          onClick={() => crud.setEditing(row.id)}
        >
          {t('admin-catalogue.edit')}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          aria-label={t('admin-catalogue.delete-named', { name: row.name })}
          onClick={() => crud.setDeleting(row)}
        >
          {t('admin-catalogue.delete')}
        </button>
      </div>
    </div>
  )
}
