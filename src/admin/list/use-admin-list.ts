import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { withSearch } from '../links'

type AdminListOptions<View, Answer, Key extends QueryKey> = {
  /** the list's address (`/admin/orders`) */
  path: string
  /** what the address says now, read by the list's parser */
  view: View
  /** the address's search for a view: nothing that says a default */
  searchOf: (view: View) => Record<string, string | number>
  /** the page of rows the view asks the API for */
  query: UseQueryOptions<Answer, Error, Answer, Key>
}

/**
 * What every back-office list does with its address: read the page the view names (the previous page stays
 * on screen, marked busy, while the next one loads), go to another view in one navigation, and keep the rows
 * ticked for a bulk action until the view changes.
 */
export function useAdminList<View, Answer, Key extends QueryKey>({
  path,
  view,
  searchOf,
  query,
}: AdminListOptions<View, Answer, Key>) {
  const navigate = useNavigate()
  const list = useQuery({ ...query, placeholderData: keepPreviousData })
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set())
  const hrefOf = (next: View) => withSearch(path, searchOf(next))
  const go = (next: View) => {
    setSelected(new Set())
    void navigate({ href: hrefOf(next) })
  }
  return {
    list,
    /** this view's address: a filter form keyed by it is drawn again when the address changes */
    href: hrefOf(view),
    go,
    selected,
    setSelected,
    clearSelection: () => setSelected(new Set()),
  }
}
