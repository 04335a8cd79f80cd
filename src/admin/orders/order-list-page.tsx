import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { NEW_ORDERS_CAP, ORDER_COUNT_CAP } from '../../contract/admin-orders'
import { orderStatuses } from '../../contract/orders'
import { figure, t } from '../../i18n'
import { groupIndian } from '../../lib/money'
import { adminLink } from '../links'
import { ListCount, ListPage } from '../list/admin-list'
import { useAdminList } from '../list/use-admin-list'
import { may } from '../roles'
import type { SectionPageProps } from '../section-pages'
import { OrderBulkBar } from './order-bulk-bar'
import { OrderFilters } from './order-filters'
import { statusLabels } from './order-labels'
import {
  filtersOf,
  LAST_PAGE,
  listQuery,
  type OrderListView,
  orderListSearch,
  orderListView,
} from './order-list-search'
import { OrderRows } from './order-rows'
import { newOrdersQuery, orderKeys, orderListQuery } from './orders-api'
import './orders.css'

/**
 * `/admin/orders`: the orders by status, filtered and searched (all of it in the address), a page at a
 * time; new orders are announced as they come in, and a selection can be confirmed, packed or exported.
 */
export function OrderListPage({ search, staff }: SectionPageProps) {
  const view = orderListView(search)
  const queryClient = useQueryClient()
  const { list, href, go, selected, setSelected, clearSelection } = useAdminList({
    path: '/admin/orders',
    view,
    searchOf: orderListSearch,
    query: orderListQuery(listQuery(view)),
  })

  const meta = list.data?.meta
  // the orders placed since the newest one the list shows, counted by the server (ids can skip)
  const shownLatest = list.isPlaceholderData ? undefined : meta?.latestId
  const newer = useQuery({ ...newOrdersQuery(shownLatest ?? 0), enabled: shownLatest !== undefined })
  const fresh = shownLatest === undefined ? 0 : (newer.data ?? 0)
  const showNew = () => {
    // the newest first: back to page 1 of what the filters show, read again
    if (view.page > 1) go({ ...view, page: 1 })
    void queryClient.invalidateQueries({ queryKey: orderKeys.all() })
  }

  return (
    <div className="admin-page order-list">
      <div className="order-list__head">
        <h1>{t('admin.nav-orders')}</h1>
        {may(staff, 'orders.take') && (
          <Link {...adminLink('orders/take')} className="button button--small">
            {t('admin-orders.take-open')}
          </Link>
        )}
        {may(staff, 'cash.settle') && (
          <Link {...adminLink('orders/cash')} className="button button--small">
            {t('admin-orders.cash-page-title')}
          </Link>
        )}
        <div className="order-list__new" role="status">
          {fresh > 0 && (
            <button type="button" className="button button--small order-list__new-button" onClick={showNew}>
              {t('admin-orders.new-orders', {
                count: fresh,
                shown: fresh > NEW_ORDERS_CAP ? `${figure(NEW_ORDERS_CAP)}+` : figure(fresh),
              })}
            </button>
          )}
        </div>
      </div>
      <StatusTabs view={view} counts={meta?.counts} />
      <OrderFilters key={href} view={view} onApply={go} />
      <ListCount>
        {meta &&
          (meta.total >= ORDER_COUNT_CAP
            ? t('admin-orders.count-capped', { shown: figure(groupIndian(String(ORDER_COUNT_CAP))) })
            : t('admin-orders.count', { count: meta.total, shown: figure(groupIndian(String(meta.total))) }))}
      </ListCount>
      <ListPage
        list={list}
        page={view.page}
        last={(answer) => !answer.meta.hasNext || view.page >= LAST_PAGE}
        onPage={(page) => go({ ...view, page })}
      >
        {(answer) => (
          <>
            <OrderBulkBar
              selected={[...selected]}
              rows={answer.data}
              filters={orderListSearch({ ...view, page: 1 })}
              onDone={clearSelection}
            />
            <OrderRows
              rows={answer.data}
              busy={list.isPlaceholderData}
              selected={selected}
              onSelect={setSelected}
            />
          </>
        )}
      </ListPage>
    </div>
  )
}

/** A tab's count; the server stops counting at ORDER_COUNT_CAP ("1,000+"). */
const tabCount = (count: number) =>
  count >= ORDER_COUNT_CAP ? `${figure(groupIndian(String(ORDER_COUNT_CAP)))}+` : figure(count)

/** All, then each status, with how many of the filtered orders have it; the filters stay as they are. */
function StatusTabs({ view, counts }: { view: OrderListView; counts?: Record<string, number> }) {
  const kept = filtersOf(view)
  const all = counts
    ? Math.min(
        Object.values(counts).reduce((sum, count) => sum + count, 0),
        ORDER_COUNT_CAP,
      )
    : undefined
  const tabs = [
    { status: undefined, label: t('admin-orders.all'), count: all },
    ...orderStatuses.map((status) => ({
      status,
      label: t(statusLabels[status]),
      count: counts?.[status] ?? 0,
    })),
  ]
  return (
    <nav className="order-tabs" aria-label={t('admin-orders.tabs')}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.status ?? 'all'}>
            <Link
              {...adminLink('orders')}
              search={tab.status ? { ...kept, status: tab.status } : kept}
              className="order-tabs__tab"
              aria-current={view.status === tab.status ? 'page' : undefined}
            >
              {tab.label}
              {counts && <span className="order-tabs__count">{tabCount(tab.count ?? 0)}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
