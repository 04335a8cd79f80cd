import './content.css'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { t } from '../../i18n'
import { formatDateTime } from '../../i18n/date-time'
import { adminLink } from '../links'
import type { SectionPageProps } from '../section-pages'
import { Loading, LoadProblem } from '../shell/status-pages'
import { pageEditQuery, pageListQuery } from './content-api'
import { PageEditor } from './page-editor'

/** `/admin/pages`: the shop's pages; `/admin/pages/new` and `/admin/pages/<slug>`: one page's editor. */
export function PagesPage({ rest }: SectionPageProps) {
  if (rest === 'new') return <PageEditor />
  if (rest) return <ExistingPage slug={rest} />
  return <PageList />
}

function ExistingPage({ slug }: { slug: string }) {
  const page = useQuery(pageEditQuery(slug))
  if (page.data) return <PageEditor key={slug} loaded={page.data} />
  if (page.error) return <LoadProblem error={page.error} onRetry={() => void page.refetch()} />
  return <Loading />
}

function PageList() {
  const list = useQuery(pageListQuery)
  return (
    <div className="admin-page">
      <h1>{t('admin.nav-pages')}</h1>
      <div className="admin-actions">
        <Link {...adminLink('pages/new')} className="button">
          {t('admin-content.new-page')}
        </Link>
      </div>
      {list.data ? (
        <ul className="admin-cards content-pages">
          {list.data.map((page) => (
            <li key={page.slug} className="admin-card">
              <h2>
                <Link {...adminLink(`pages/${page.slug}`)}>{page.title}</Link>
              </h2>
              <p className="content-row__target">/{page.slug}</p>
              <p>
                <span className={page.published ? 'admin-tag' : 'admin-tag admin-tag--warn'}>
                  {page.published ? t('admin-content.published') : t('admin-content.unpublished')}
                </span>{' '}
                {t('admin-content.updated-at', {
                  time: formatDateTime(page.updatedAt),
                })}
              </p>
            </li>
          ))}
        </ul>
      ) : list.error ? (
        <LoadProblem error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Loading />
      )}
    </div>
  )
}
