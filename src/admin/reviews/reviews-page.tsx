import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import type { AdminReview, ReviewStatus } from '../../contract/admin-reviews'
import { figure, msg, t } from '../../i18n'
import { formErrors } from '../form-errors'
import { FormAlert, LiveStatus } from '../form-parts'
import { adminLink } from '../links'
import type { SectionPageProps } from '../section-pages'
import { Loading, LoadProblem } from '../shell/status-pages'
import { ReviewCard } from './review-card'
import { type ReviewAction, reviewQueueKeys, reviewQueueQuery, reviewsApi } from './reviews-api'
import './reviews.css'

/** The tabs, in order: what waits for a decision, what the shop shows, what it hid. */
const tabs: { status: ReviewStatus; label: ReturnType<typeof msg> }[] = [
  { status: 'pending', label: msg('admin-reviews.tab-pending') },
  { status: 'active', label: msg('admin-reviews.tab-active') },
  { status: 'rejected', label: msg('admin-reviews.tab-hidden') },
]

const PER_PAGE = 20

function reviewsView(search: Record<string, unknown>) {
  const status = tabs.find((tab) => tab.status === search.status)?.status ?? 'pending'
  const page = Number(search.page)
  return { status, page: Number.isInteger(page) && page >= 1 && page <= 1_000 ? page : 1 }
}

/** a tab's page as the address says it: nothing for the defaults (the pending tab, the first page) */
const pageLink = (status: ReviewStatus, page = 1) => ({
  ...adminLink('reviews'),
  search: { ...(status === 'pending' ? {} : { status }), ...(page > 1 ? { page } : {}) },
})

/** `/admin/reviews`: the queue by state; each review shown, hidden or answered where it stands. */
export function ReviewsPage({ search }: SectionPageProps) {
  const { status, page } = reviewsView(search)
  const queryClient = useQueryClient()
  const list = useQuery({
    ...reviewQueueQuery({ status, page, perPage: PER_PAGE }),
    placeholderData: keepPreviousData,
  })
  const [done, setDone] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const pagingId = useId()

  const act = useMutation({
    mutationFn: reviewsApi.act,
    meta: { silent: true },
    onSuccess: (review, action) => {
      setProblem(null)
      setDone(resultText(review, action))
      void queryClient.invalidateQueries({ queryKey: reviewQueueKeys.all() })
    },
    onError: (failure) => {
      setDone(null)
      setProblem(formErrors(failure, []).form)
    },
  })

  const meta = list.data?.meta
  return (
    <div className="admin-page review-queue">
      <h1>{t('admin.nav-reviews')}</h1>
      <nav className="review-tabs" aria-label={t('admin-reviews.tabs')}>
        {tabs.map((tab) => (
          <Link
            key={tab.status}
            {...pageLink(tab.status)}
            className="review-tabs__tab"
            aria-current={tab.status === status ? 'page' : undefined}
          >
            {t(tab.label)}
            {tab.status === 'pending' && meta && meta.pending > 0 && (
              <span className="review-tabs__count">
                {' '}
                {t('admin-reviews.waiting', { count: meta.pending, shown: figure(meta.pending) })}
              </span>
            )}
          </Link>
        ))}
      </nav>
      <FormAlert message={problem} />
      <LiveStatus message={done} />
      {list.data ? (
        list.data.data.length === 0 ? (
          <p className="admin-notice" role="status">
            {status === 'pending' ? t('admin-reviews.empty-pending') : t('admin-reviews.empty')}
          </p>
        ) : (
          <>
            <ul className="review-queue__list" aria-busy={list.isPlaceholderData}>
              {list.data.data.map((review) => (
                <li key={review.id}>
                  <ReviewCard
                    review={review}
                    busy={act.isPending && act.variables?.id === review.id}
                    onAct={(action: ReviewAction) => act.mutate(action)}
                  />
                </li>
              ))}
            </ul>
            <nav className="admin-paging" aria-labelledby={pagingId}>
              <p id={pagingId}>{t('admin-reviews.page', { page: figure(page) })}</p>
              {page > 1 && (
                <Link {...pageLink(status, page - 1)} className="button button--ghost button--small">
                  {t('admin-reviews.previous')}
                </Link>
              )}
              {meta?.hasNext && (
                <Link {...pageLink(status, page + 1)} className="button button--ghost button--small">
                  {t('admin-reviews.next')}
                </Link>
              )}
            </nav>
          </>
        )
      ) : list.error ? (
        <LoadProblem error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Loading />
      )}
    </div>
  )
}

/** What a screen reader hears after a change: "Approved: Shila Rani's review of Silk saree". */
function resultText(review: AdminReview, action: ReviewAction): string {
  const values = { name: review.name, product: review.product.name }
  if (action.verb === 'approve') return t('admin-reviews.approved', values)
  if (action.verb === 'hide') return t('admin-reviews.hidden', values)
  return review.reply ? t('admin-reviews.replied', values) : t('admin-reviews.reply-removed', values)
}
