import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { figure, t } from '../../../i18n'
import { FormAlert } from '../../form-parts'
import { adminLink } from '../../links'
import { placedAt } from '../order-labels'
import { draftsQuery, takeApi, takeKeys } from './take-order-api'

/** The orders saved half-taken: who saved each and when, to go on with or throw away. */
export function TakeDrafts() {
  const queryClient = useQueryClient()
  const drafts = useQuery(draftsQuery)
  const remove = useMutation({
    mutationFn: (id: number) => takeApi.removeDraft(id),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: takeKeys.drafts() }),
  })
  const rows = drafts.data ?? []
  if (rows.length === 0) return null
  return (
    <section className="take-order__drafts" aria-labelledby="take-order-drafts">
      <h2 id="take-order-drafts">
        {t('admin-orders.take-drafts', { count: rows.length, shown: figure(rows.length) })}
      </h2>
      <ul>
        {rows.map((draft) => {
          const who =
            draft.content.customer?.name ||
            draft.content.customer?.phone ||
            t('admin-orders.take-no-customer')
          return (
            <li key={draft.id}>
              <span>
                {who}
                <small>
                  {t('admin-orders.take-draft-by', {
                    by: draft.createdBy ?? '—',
                    at: placedAt(draft.updatedAt),
                    lines: figure(draft.content.lines.length),
                  })}
                </small>
              </span>
              <Link
                {...adminLink('orders/take')}
                search={{ draft: draft.id }}
                className="button button--small"
                aria-label={t('admin-orders.take-draft-open-named', { name: who })}
              >
                {t('admin-orders.take-draft-open')}
              </Link>
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={t('admin-orders.take-draft-delete-named', { name: who })}
                disabled={remove.isPending}
                onClick={() => remove.mutate(draft.id)}
              >
                {t('admin-orders.take-draft-delete')}
              </button>
            </li>
          )
        })}
      </ul>
      {remove.error && <FormAlert message={remove.error.message} />}
    </section>
  )
}
