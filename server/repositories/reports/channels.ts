import { sql } from 'drizzle-orm'
import { type ChannelFigures, channelName, NOT_RECORDED } from '../../../src/contract/admin-attribution'
import type { SalesRow } from '../../../src/contract/admin-reports'
import { dhakaDayEnd, dhakaDayStart } from '../../../src/lib/dhaka-time'
import { type Db, queryRows } from '../../db/client'
import type { LandingCount } from '../landings'
import type { DayRange } from './closed-days'
import { saleSql } from './day-sales'

/** how the site's orders are grouped: by channel alone, or by channel, medium and campaign */
export type ChannelGrouping = 'channel' | 'campaign'

/** one group's landings and orders over the range ('' where a landing had no medium or campaign) */
type ChannelGroup = {
  channel: string
  medium: string
  campaign: string
  landings: number
  /** the site's orders placed, whatever became of them */
  orders: number
  sales: number
  units: number
  revenue: number
}

const cents = (value: number | string) => Math.round(Number(value) * 100) / 100

type Stored = {
  channel: string
  medium: string
  campaign: string
  orders: number
  sales: number
  units: number | string
  revenue: string
}

/**
 * The site's orders of the range and the landings of its days, by channel (or channel, medium and campaign):
 * how many landed, ordered and bought, the items kept and the revenue (each sale's total less the value of its
 * lines that came back, as every report counts it). Orders taken by hand have their own grouping, by source.
 */
export async function channelGroups(
  db: Db,
  range: DayRange,
  by: ChannelGrouping,
  landed: LandingCount[],
): Promise<ChannelGroup[]> {
  const detail = by === 'campaign'
  const found = await queryRows<Stored>(
    db,
    sql`
    select coalesce(o.channel, ${NOT_RECORDED}) as channel,
      ${detail ? sql`coalesce(o.medium, '')` : sql`''`} as medium,
      ${detail ? sql`coalesce(o.campaign, '')` : sql`''`} as campaign,
      count(*)::int as orders,
      (count(*) filter (where ${saleSql}))::int as sales,
      coalesce(sum(kept.units) filter (where ${saleSql}), 0)::int as units,
      coalesce(sum(o.total - least(o.total, coalesce(kept.back, 0))) filter (where ${saleSql}), 0)::text as revenue
    from orders o
    left join lateral (
      select sum(l.quantity - l.returned_quantity) as units,
        sum(l.line_total * l.returned_quantity / l.quantity) filter (where l.returned_quantity > 0) as back
      from order_lines l where l.order_id = o.id
    ) kept on true
    where o.created_at >= ${dhakaDayStart(range.from).toISOString()}::timestamptz
      and o.created_at < ${dhakaDayEnd(range.to).toISOString()}::timestamptz
      and o.source = 'website'
    group by 1, 2, 3`,
  )
  const groups = new Map<string, ChannelGroup>()
  const keyOf = (row: { channel: string; medium: string; campaign: string }) =>
    detail ? JSON.stringify([row.channel, row.medium, row.campaign]) : row.channel
  const groupOf = (row: { channel: string; medium: string; campaign: string }) => {
    const key = keyOf(row)
    let group = groups.get(key)
    if (!group) {
      group = {
        channel: row.channel,
        medium: detail ? row.medium : '',
        campaign: detail ? row.campaign : '',
        landings: 0,
        orders: 0,
        sales: 0,
        units: 0,
        revenue: 0,
      }
      groups.set(key, group)
    }
    return group
  }
  for (const row of landed) groupOf(row).landings += row.landings
  for (const row of found) {
    const group = groupOf(row)
    group.orders += row.orders
    group.sales += row.sales
    group.units += Number(row.units)
    group.revenue = cents(group.revenue + Number(row.revenue))
  }
  return [...groups.values()].sort(
    (a, b) => b.revenue - a.revenue || b.landings - a.landings || keyOf(a).localeCompare(keyOf(b)),
  )
}

/** the groups as the sales report's rows: its orders are the sales, as in every other grouping */
export function channelRows(groups: ChannelGroup[], by: ChannelGrouping) {
  const rows = groups.map((group): SalesRow => {
    const name = channelName(group.channel)
    const tags = by === 'campaign' ? [group.medium, group.campaign].filter(Boolean) : []
    return {
      key: by === 'campaign' ? JSON.stringify([group.channel, group.medium, group.campaign]) : group.channel,
      name: [name.en, ...tags].join(' · '),
      nameBn: [name.bn, ...tags].join(' · '),
      orders: group.sales,
      units: group.units,
      revenue: group.revenue,
      landings: group.landings,
      channel: group.channel,
      ...(by === 'campaign' ? { medium: group.medium, campaign: group.campaign } : {}),
    }
  })
  const sum = (pick: (row: SalesRow) => number) => rows.reduce((total, row) => total + pick(row), 0)
  return {
    rows,
    totals: {
      orders: sum((row) => row.orders),
      units: sum((row) => row.units),
      revenue: cents(sum((row) => row.revenue)),
      landings: sum((row) => row.landings ?? 0),
    },
  }
}

/** the most channels the dashboard lists */
const DASHBOARD_CHANNELS = 8

/** the dashboard's channels: those that brought the most revenue, then the most landings */
export const dashboardChannels = (groups: ChannelGroup[]): ChannelFigures[] =>
  groups
    .filter((group) => group.landings > 0 || group.orders > 0)
    .slice(0, DASHBOARD_CHANNELS)
    .map(({ channel, landings, orders, sales, revenue }) => {
      const name = channelName(channel)
      return { channel, name: name.en, nameBn: name.bn, landings, orders, sales, revenue }
    })
