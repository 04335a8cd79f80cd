import { Link } from '@tanstack/react-router'
import type { Dashboard, TopRow } from '../../contract/admin-reports'
import { t, taka } from '../../i18n'
import { adminLink } from '../links'
import { sourceLabels } from '../order-sources'
import { ChannelsBlock } from './channel-tables'
import { count, dayName, LowStockList, named, StatusCounts, TableBox } from './dashboard-parts'
import { SalesChart } from './sales-chart'

/** The money figures of the range, each a card. */
function Figures({ figures }: { figures: Dashboard['figures'] }) {
  const cards: { label: string; value: string; note?: string; more?: { path: string; text: string } }[] = [
    {
      label: t('admin-reports.revenue'),
      value: taka(figures.revenue),
      note: t('admin-reports.orders-count', { count: figures.sales, shown: count(figures.sales) }),
    },
    {
      label: t('admin-reports.orders'),
      value: count(figures.orders),
      note: t('admin-reports.orders-placed', { shown: count(figures.sales) }),
    },
    { label: t('admin-reports.average'), value: taka(figures.averageOrderValue) },
    {
      label: t('admin-reports.cod'),
      value: taka(figures.cod.revenue),
      note: t('admin-reports.orders-count', { count: figures.cod.orders, shown: count(figures.cod.orders) }),
    },
    {
      label: t('admin-reports.prepaid'),
      value: taka(figures.prepaid.revenue),
      note: t('admin-reports.orders-count', {
        count: figures.prepaid.orders,
        shown: count(figures.prepaid.orders),
      }),
    },
    { label: t('admin-reports.cancelled'), value: count(figures.cancelled) },
    {
      label: t('admin-reports.returned'),
      value: count(figures.returned),
      note: t('admin-reports.returned-detail', {
        partly: count(figures.partlyReturned),
        value: taka(figures.returnedValue),
      }),
    },
    ...(figures.cashWithCouriers
      ? [
          {
            label: t('admin-reports.cash-with-couriers'),
            value: taka(figures.cashWithCouriers.amount),
            note: t('admin-reports.cash-with-couriers-note', {
              count: figures.cashWithCouriers.orders,
              shown: count(figures.cashWithCouriers.orders),
            }),
            more: { path: 'orders/cash', text: t('admin-reports.cash-with-couriers-open') },
          },
        ]
      : []),
  ]
  return (
    <ul className="dashboard-figures">
      {cards.map((card) => (
        <li key={card.label} className="admin-card dashboard-figure">
          <span className="dashboard-figure__label">{card.label}</span>
          <span className="dashboard-figure__value">{card.value}</span>
          {card.note && <span className="dashboard-figure__note">{card.note}</span>}
          {card.more && (
            <Link {...adminLink(card.more.path)} className="dashboard-figure__note">
              {card.more.text}
            </Link>
          )}
        </li>
      ))}
    </ul>
  )
}

/** The chart, and the same figures as a table for whoever does not see it (and whoever wants numbers). */
function DailySales({ days }: { days: Dashboard['days'] }) {
  return (
    <section className="admin-card dashboard-block dashboard-block--wide" aria-labelledby="dashboard-chart">
      <h3 id="dashboard-chart">{t('admin-reports.chart-title')}</h3>
      <SalesChart days={days} />
      <details className="dashboard-chart-table">
        <summary>{t('admin-reports.chart-table')}</summary>
        <TableBox labelledBy="dashboard-chart">
          <table className="admin-table dashboard-table">
            <thead>
              <tr>
                <th scope="col">{t('admin-reports.day')}</th>
                <th scope="col" className="dashboard-table__number">
                  {t('admin-reports.sales')}
                </th>
                <th scope="col" className="dashboard-table__number">
                  {t('admin-reports.revenue')}
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.day}>
                  <th scope="row">{dayName(day.day)}</th>
                  <td className="dashboard-table__number">{count(day.orders)}</td>
                  <td className="dashboard-table__number">{taka(day.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      </details>
    </section>
  )
}

/** Where the range's orders came from: the site, or taken by hand from a phone call or an inbox. */
function SourcesTable({ sources }: { sources: NonNullable<Dashboard['figures']['sources']> }) {
  const used = sources.filter((row) => row.orders > 0)
  return (
    <section className="admin-card dashboard-block" aria-labelledby="dashboard-sources">
      <h3 id="dashboard-sources">{t('admin-reports.sources')}</h3>
      {used.length === 0 ? (
        <p>{t('admin-reports.none-sold')}</p>
      ) : (
        <TableBox labelledBy="dashboard-sources">
          <table className="admin-table dashboard-table">
            <thead>
              <tr>
                <th scope="col">{t('admin-reports.source')}</th>
                <th scope="col" className="dashboard-table__number">
                  {t('admin-reports.orders')}
                </th>
                <th scope="col" className="dashboard-table__number">
                  {t('admin-reports.revenue')}
                </th>
              </tr>
            </thead>
            <tbody>
              {used.map((row) => (
                <tr key={row.source}>
                  <td className="dashboard-table__name">{t(sourceLabels[row.source])}</td>
                  <td className="dashboard-table__number">{count(row.orders)}</td>
                  <td className="dashboard-table__number">{taka(row.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </section>
  )
}

function TopTable({ id, title, head, rows }: { id: string; title: string; head: string; rows: TopRow[] }) {
  return (
    <section className="admin-card dashboard-block" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {rows.length === 0 ? (
        <p>{t('admin-reports.none-sold')}</p>
      ) : (
        <TableBox labelledBy={id}>
          <table className="admin-table dashboard-table">
            <thead>
              <tr>
                <th scope="col">{head}</th>
                <th scope="col" className="dashboard-table__number">
                  {t('admin-reports.units')}
                </th>
                <th scope="col" className="dashboard-table__number">
                  {t('admin-reports.sales-value')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td className="dashboard-table__name">{named(row)}</td>
                  <td className="dashboard-table__number">{count(row.units)}</td>
                  <td className="dashboard-table__number">{taka(row.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </section>
  )
}

/** Everything owners and managers see for the range. */
export function DashboardNumbers({ data }: { data: Dashboard }) {
  return (
    <>
      <Figures figures={data.figures} />
      <p className="dashboard-note">{t('admin-reports.revenue-note')}</p>
      <div className="dashboard-grid">
        <DailySales days={data.days} />
        <StatusCounts counts={data.statusCounts} range={data.range} />
        <LowStockList lowStock={data.lowStock} />
        {data.figures.sources && <SourcesTable sources={data.figures.sources} />}
        {data.figures.channels && <ChannelsBlock channels={data.figures.channels} />}
        <TopTable
          id="dashboard-top-products"
          title={t('admin-reports.top-products')}
          head={t('admin-reports.product')}
          rows={data.topProducts}
        />
        <TopTable
          id="dashboard-top-categories"
          title={t('admin-reports.top-categories')}
          head={t('admin-reports.category')}
          rows={data.topCategories}
        />
      </div>
    </>
  )
}
