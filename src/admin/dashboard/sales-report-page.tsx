import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { dayAfter, type ReportGrouping } from '../../contract/admin-reports'
import { type MessageKey, msg, t, taka } from '../../i18n'
import { dhakaDay } from '../../lib/dhaka-time'
import { FormAlert } from '../form-parts'
import { adminLink, withSearch } from '../links'
import { Loading, LoadProblem } from '../shell/status-pages'
import { ChannelReportTable } from './channel-tables'
import { count, dayName, named, rangeName, TableBox } from './dashboard-parts'
import { type ReportView, reportSearch, reportView } from './dashboard-search'
import { DatesForm } from './range-picker'
import { downloadSalesCsv, salesReportQuery } from './reports-api'

const tabs: { by: ReportGrouping; label: MessageKey; head: MessageKey }[] = [
  { by: 'day', label: msg('admin-reports.by-day'), head: msg('admin-reports.day') },
  { by: 'category', label: msg('admin-reports.by-category'), head: msg('admin-reports.category') },
  { by: 'brand', label: msg('admin-reports.by-brand'), head: msg('admin-reports.brand') },
  { by: 'source', label: msg('admin-reports.by-source'), head: msg('admin-reports.source') },
  { by: 'channel', label: msg('admin-reports.by-channel'), head: msg('admin-reports.channel') },
  { by: 'campaign', label: msg('admin-reports.by-campaign'), head: msg('admin-reports.channel') },
]

/** what each grouping's note says the figures are */
const notes: Record<ReportGrouping, MessageKey> = {
  day: msg('admin-reports.report-note-day'),
  category: msg('admin-reports.report-note-group'),
  brand: msg('admin-reports.report-note-group'),
  source: msg('admin-reports.report-note-source'),
  channel: msg('admin-reports.report-note-channel'),
  campaign: msg('admin-reports.report-note-channel'),
}

/**
 * `/admin?report=sales&by=…&from=…&to=…`: the range's sales by day, category, brand, source, channel or campaign,
 * and its CSV.
 */
export function SalesReportPage({ search }: { search: Record<string, unknown> }) {
  const today = dhakaDay()
  const view = reportView(search, { from: dayAfter(today, -29), to: today })
  const navigate = useNavigate()
  const report = useQuery({ ...salesReportQuery(view), placeholderData: keepPreviousData })
  const [problem, setProblem] = useState<string | null>(null)
  const [downloading, setDownloading] = useState(false)
  const go = (next: ReportView) => void navigate({ href: withSearch('/admin', reportSearch(next)) })
  const tab = tabs.find((entry) => entry.by === view.by) ?? tabs[0]

  const download = async () => {
    setDownloading(true)
    setProblem(null)
    try {
      await downloadSalesCsv(view)
    } catch {
      setProblem(t('admin-reports.download-failed'))
    } finally {
      setDownloading(false)
    }
  }

  return (
    <div className="admin-page dashboard">
      <p>
        <Link {...adminLink('')}>{t('admin-reports.back')}</Link>
      </p>
      <div className="dashboard-section__head">
        <h1>{t('admin-reports.report-title')}</h1>
        <button
          type="button"
          className="button button--ghost"
          disabled={downloading}
          onClick={() => void download()}
        >
          {t('admin-reports.download')}
        </button>
      </div>
      <FormAlert message={problem} />
      <DatesForm
        from={view.from}
        to={view.to}
        label={t('admin-reports.range')}
        onChoose={(from, to) => go({ ...view, from, to })}
      />
      <nav aria-label={t('admin-reports.grouping')}>
        <ul className="dashboard-range__presets">
          {tabs.map((entry) => (
            <li key={entry.by}>
              <Link
                {...adminLink('')}
                search={reportSearch({ ...view, by: entry.by })}
                className="dashboard-range__preset"
                aria-current={entry.by === view.by ? 'page' : undefined}
              >
                {t(entry.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {report.isPending ? (
        <Loading />
      ) : report.isError ? (
        <LoadProblem error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <>
          <p className="dashboard-note">{t(notes[view.by])}</p>
          {report.data.by === 'channel' || report.data.by === 'campaign' ? (
            <ChannelReportTable report={report.data} />
          ) : (
            <TableBox labelledBy="sales-report-range">
              <table className="admin-table dashboard-table">
                <caption id="sales-report-range">{rangeName(report.data.range)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t(tab?.head ?? 'admin-reports.day')}</th>
                    <th scope="col" className="dashboard-table__number">
                      {t('admin-reports.orders')}
                    </th>
                    <th scope="col" className="dashboard-table__number">
                      {t('admin-reports.units')}
                    </th>
                    <th scope="col" className="dashboard-table__number">
                      {report.data.by === 'day' || report.data.by === 'source'
                        ? t('admin-reports.revenue')
                        : t('admin-reports.sales-value')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {report.data.rows.map((row) => (
                    <tr key={row.key}>
                      <th scope="row" className="dashboard-table__name">
                        {report.data.by === 'day' ? dayName(row.key) : named(row)}
                      </th>
                      <td className="dashboard-table__number">{count(row.orders)}</td>
                      <td className="dashboard-table__number">{count(row.units)}</td>
                      <td className="dashboard-table__number">{taka(row.revenue)}</td>
                    </tr>
                  ))}
                  {report.data.rows.length === 0 && (
                    <tr>
                      <td colSpan={4}>{t('admin-reports.none-sold')}</td>
                    </tr>
                  )}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">{t('admin-reports.total')}</th>
                    <td className="dashboard-table__number">{count(report.data.totals.orders)}</td>
                    <td className="dashboard-table__number">{count(report.data.totals.units)}</td>
                    <td className="dashboard-table__number">{taka(report.data.totals.revenue)}</td>
                  </tr>
                </tfoot>
              </table>
            </TableBox>
          )}
        </>
      )}
    </div>
  )
}
