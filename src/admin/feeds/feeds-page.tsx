import './feeds.css'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminFeeds, FeedTokenBody } from '../../contract/admin-feeds'
import { t } from '../../i18n'
import { ApiRequestError } from '../../lib/api'
import { quiet } from '../admin-api'
import { FormAlert, LiveStatus } from '../form-parts'
import type { SectionPageProps } from '../section-pages'
import { Loading, LoadProblem } from '../shell/status-pages'
import { FeedCard } from './feed-card'
import { feedsApi, feedsKey, feedsQuery } from './feeds-api'

const problemOf = (error: unknown) => (error instanceof ApiRequestError ? error.message : t('common.failed'))

/** Sets a new token or removes it: the addresses above change with it. */
function TokenPanel({
  feeds,
  onSaved,
}: {
  feeds: AdminFeeds
  onSaved: (feeds: AdminFeeds, said: string) => void
}) {
  const change = useMutation({
    mutationFn: (body: FeedTokenBody) => feedsApi.token(body),
    meta: quiet,
    onSuccess: (saved, body) =>
      onSaved(
        saved,
        body.action === 'rotate' ? t('admin-feeds.token-rotated') : t('admin-feeds.token-removed'),
      ),
  })
  return (
    <section className="admin-panel" aria-labelledby="feeds-token">
      <h2 id="feeds-token">{t('admin-feeds.token-title')}</h2>
      <p>{feeds.tokenSet ? t('admin-feeds.token-on') : t('admin-feeds.token-off')}</p>
      <FormAlert message={change.error ? problemOf(change.error) : null} />
      <div className="admin-actions">
        <button
          type="button"
          className="button"
          disabled={change.isPending}
          onClick={() => change.mutate({ action: 'rotate' })}
        >
          {feeds.tokenSet ? t('admin-feeds.token-rotate') : t('admin-feeds.token-set')}
        </button>
        {feeds.tokenSet ? (
          <button
            type="button"
            className="button button--ghost"
            disabled={change.isPending}
            onClick={() => change.mutate({ action: 'remove' })}
          >
            {t('admin-feeds.token-remove')}
          </button>
        ) : null}
      </div>
      {feeds.tokenSet ? <p className="auth-note">{t('admin-feeds.token-note')}</p> : null}
    </section>
  )
}

/**
 * `/admin/feeds`: the product feeds for Meta Commerce Manager and Google Merchant Center, each address to paste
 * into the platform with a copy button, the last build's time, item count and the skus left out, a button to
 * build them again, and the token that keeps them private.
 */
export function FeedsPage(_props: SectionPageProps) {
  const queryClient = useQueryClient()
  const feeds = useQuery(feedsQuery)
  const [status, setStatus] = useState<string | null>(null)
  const show = (data: AdminFeeds, said: string) => {
    queryClient.setQueryData(feedsKey, data)
    setStatus(said)
  }
  const rebuild = useMutation({
    mutationFn: feedsApi.rebuild,
    meta: quiet,
    onMutate: () => setStatus(t('admin-feeds.rebuilding')),
    onSuccess: (data) => show(data, t('admin-feeds.rebuilt')),
    onError: () => setStatus(null),
  })
  return (
    <div className="admin-page">
      <h1>{t('admin.nav-feeds')}</h1>
      <p>{t('admin-feeds.help')}</p>
      <LiveStatus message={status} />
      {feeds.error ? (
        <LoadProblem error={feeds.error} onRetry={() => void feeds.refetch()} />
      ) : !feeds.data ? (
        <Loading />
      ) : (
        <>
          <section className="admin-panel" aria-labelledby="feeds-addresses">
            <h2 id="feeds-addresses">{t('admin-feeds.addresses')}</h2>
            <ul className="feed-list">
              {feeds.data.feeds.map((feed) => (
                <FeedCard key={`${feed.platform}-${feed.language}`} feed={feed} />
              ))}
            </ul>
            <FormAlert message={rebuild.error ? problemOf(rebuild.error) : null} />
            <div className="admin-actions">
              <button
                type="button"
                className="button"
                disabled={rebuild.isPending}
                onClick={() => rebuild.mutate()}
              >
                {t('admin-feeds.rebuild')}
              </button>
            </div>
          </section>
          <TokenPanel feeds={feeds.data} onSaved={show} />
        </>
      )}
    </div>
  )
}
