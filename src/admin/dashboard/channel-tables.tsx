import { type ChannelFigures, channelName, conversion } from '../../contract/admin-attribution'
import type { SalesReport } from '../../contract/admin-reports'
import { figure, t, taka } from '../../i18n'
import { count, named, rangeName, TableBox } from './dashboard-parts'

/** sales ÷ visits as a percentage in the page's digits; a dash without visits */
const conversionText = (orders: number, landings: number | undefined) => {
  const share = conversion(orders, landings ?? 0)
  return share === null ? '—' : `${figure((share * 100).toFixed(1))}%`
}

const numberHead = (text: string) => (
  <th scope="col" className="dashboard-table__number">
    {text}
  </th>
)

/** The sales report by channel, or by channel, medium and campaign: visits, sales, items, revenue, conversion. */
export function ChannelReportTable({ report }: { report: SalesReport }) {
  const detail = report.by === 'campaign'
  const columns = detail ? 8 : 6
  const { totals } = report
  return (
    <TableBox labelledBy="sales-report-range">
      <table className="admin-table dashboard-table">
        <caption id="sales-report-range">{rangeName(report.range)}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin-reports.channel')}</th>
            {detail && <th scope="col">{t('admin-reports.medium')}</th>}
            {detail && <th scope="col">{t('admin-reports.campaign')}</th>}
            {numberHead(t('admin-reports.landings'))}
            {numberHead(t('admin-reports.orders'))}
            {numberHead(t('admin-reports.units'))}
            {numberHead(t('admin-reports.revenue'))}
            {numberHead(t('admin-reports.conversion'))}
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row) => {
            const name = channelName(row.channel ?? row.key)
            return (
              <tr key={row.key}>
                <th scope="row" className="dashboard-table__name">
                  {named({ name: name.en, nameBn: name.bn })}
                </th>
                {detail && <td>{row.medium || '—'}</td>}
                {detail && <td>{row.campaign || '—'}</td>}
                <td className="dashboard-table__number">{count(row.landings ?? 0)}</td>
                <td className="dashboard-table__number">{count(row.orders)}</td>
                <td className="dashboard-table__number">{count(row.units)}</td>
                <td className="dashboard-table__number">{taka(row.revenue)}</td>
                <td className="dashboard-table__number">{conversionText(row.orders, row.landings)}</td>
              </tr>
            )
          })}
          {report.rows.length === 0 && (
            <tr>
              <td colSpan={columns}>{t('admin-reports.none-sold')}</td>
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={detail ? 3 : 1}>
              {t('admin-reports.total')}
            </th>
            <td className="dashboard-table__number">{count(totals.landings ?? 0)}</td>
            <td className="dashboard-table__number">{count(totals.orders)}</td>
            <td className="dashboard-table__number">{count(totals.units)}</td>
            <td className="dashboard-table__number">{taka(totals.revenue)}</td>
            <td className="dashboard-table__number">{conversionText(totals.orders, totals.landings)}</td>
          </tr>
        </tfoot>
      </table>
    </TableBox>
  )
}

/** The dashboard's channels: where the site's shoppers came from, the best first. */
export function ChannelsBlock({ channels }: { channels: ChannelFigures[] }) {
  return (
    <section className="admin-card dashboard-block" aria-labelledby="dashboard-channels">
      <h3 id="dashboard-channels">{t('admin-reports.channels')}</h3>
      {channels.length === 0 ? (
        <p>{t('admin-reports.none-sold')}</p>
      ) : (
        <TableBox labelledBy="dashboard-channels">
          <table className="admin-table dashboard-table">
            <thead>
              <tr>
                <th scope="col">{t('admin-reports.channel')}</th>
                {numberHead(t('admin-reports.landings'))}
                {numberHead(t('admin-reports.orders'))}
                {numberHead(t('admin-reports.revenue'))}
                {numberHead(t('admin-reports.conversion'))}
              </tr>
            </thead>
            <tbody>
              {channels.map((row) => (
                <tr key={row.channel}>
                  <td className="dashboard-table__name">{named(row)}</td>
                  <td className="dashboard-table__number">{count(row.landings)}</td>
                  <td className="dashboard-table__number">{count(row.sales)}</td>
                  <td className="dashboard-table__number">{taka(row.revenue)}</td>
                  <td className="dashboard-table__number">{conversionText(row.sales, row.landings)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </section>
  )
}
