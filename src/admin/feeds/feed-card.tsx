import { useState } from 'react'
import type { FeedEntry, FeedSkipReason } from '../../contract/admin-feeds'
import { figure, type MessageKey, msg, t } from '../../i18n'
import { formatDateTime } from '../../i18n/date-time'
import { LiveStatus } from '../form-parts'

const FEED_NAMES: Record<string, MessageKey> = {
  'meta-en': msg('admin-feeds.meta-en'),
  'meta-bn': msg('admin-feeds.meta-bn'),
  'google-en': msg('admin-feeds.google-en'),
  'google-bn': msg('admin-feeds.google-bn'),
}
const FEED_NOTES: Record<string, MessageKey> = {
  'meta-en': msg('admin-feeds.meta-en-note'),
  'meta-bn': msg('admin-feeds.meta-bn-note'),
  'google-en': msg('admin-feeds.google-en-note'),
  'google-bn': msg('admin-feeds.google-bn-note'),
}
const REASONS: Record<FeedSkipReason, MessageKey> = {
  'no-image': msg('admin-feeds.reason-no-image'),
  'no-price': msg('admin-feeds.reason-no-price'),
}

const megabytes = (bytes: number) => figure((bytes / (1024 * 1024)).toFixed(1))

/** What the last build on this server gave: when, how many items, what was left out and why. */
function BuildSummary({ build }: { build: FeedEntry['build'] }) {
  if (!build) return <p className="auth-note">{t('admin-feeds.not-built')}</p>
  const skipped = build.skipped['no-image'] + build.skipped['no-price']
  return (
    <>
      <p>
        {t('admin-feeds.built', {
          time: formatDateTime(build.builtAt),
          items: figure(build.items),
          size: megabytes(build.bytes),
        })}
      </p>
      {build.failure ? (
        <p className="auth-error">{t('admin-feeds.failed', { reason: build.failure })}</p>
      ) : null}
      {skipped === 0 ? (
        <p>{t('admin-feeds.skipped-none')}</p>
      ) : (
        <>
          <p>
            {t('admin-feeds.skipped', {
              noImage: figure(build.skipped['no-image']),
              noPrice: figure(build.skipped['no-price']),
            })}
          </p>
          <ul className="feed-card__skipped">
            {build.examples.map((example) => (
              <li key={example.sku}>
                {t('admin-feeds.skipped-example', {
                  sku: example.sku,
                  product: example.product,
                  reason: t(REASONS[example.reason]),
                })}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  )
}

/** One feed: its address to paste into the platform, a copy button, and its last build. */
export function FeedCard({ feed }: { feed: FeedEntry }) {
  const [copied, setCopied] = useState<string | null>(null)
  const key = `${feed.platform}-${feed.language}`
  const id = `feed-${key}`
  const copy = () =>
    navigator.clipboard
      ?.writeText(feed.address)
      .then(() => setCopied(t('admin-feeds.copied')))
      .catch(() => setCopied(t('admin-feeds.copy-failed')))
  return (
    <li className="feed-card">
      <h3>{t(FEED_NAMES[key] as MessageKey)}</h3>
      <p className="auth-note">{t(FEED_NOTES[key] as MessageKey)}</p>
      <div className="auth-field">
        <label htmlFor={id}>{t('admin-feeds.address')}</label>
        <input id={id} readOnly value={feed.address} onFocus={(event) => event.target.select()} />
      </div>
      <div className="admin-actions">
        <button type="button" className="button button--ghost" onClick={() => void copy()}>
          {t('admin-feeds.copy')}
        </button>
      </div>
      <LiveStatus message={copied} />
      <BuildSummary build={feed.build} />
    </li>
  )
}
