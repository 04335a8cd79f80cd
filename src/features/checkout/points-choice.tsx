import { queryOptions } from '@tanstack/react-query'
import type { DeliveryZone } from '../../contract/addresses'
import { type CartLineInput, type QuoteResponse, quoteResponse } from '../../contract/cart'
import { figure, t, taka } from '../../i18n'
import { apiSend, DEADLINES } from '../../lib/api'
import { quoteKeys } from '../../state/quote'

/**
 * The server's quote with the shopper's reward points spent: the server decides again how many it takes and
 * what they take off (a number it no longer offers comes back `changed`, its totals without them).
 */
export function pointsQuoteQuery(lines: CartLineInput[], coupon: string, zone: DeliveryZone, points: number) {
  return queryOptions({
    queryKey: [...quoteKeys.quote(lines, coupon, zone), 'points', points] as const,
    queryFn: async ({ signal }) =>
      (
        await apiSend(
          'post',
          '/cart/quote',
          { lines, coupon: coupon || undefined, zone, points },
          quoteResponse,
          { signal, deadline: DEADLINES.read },
        )
      ).data,
    staleTime: 0,
    placeholderData: (previous) => previous,
  })
}

type Props = {
  points: NonNullable<QuoteResponse['data']['points']>
  chosen: boolean
  onChange: (chosen: boolean) => void
  error?: string
}

/** "Use N points (−TK X)": offered to a signed-in shopper whose balance the shop lets them spend. */
export function PointsChoice({ points, chosen, onChange, error }: Props) {
  const { offer } = points
  if (!offer) return null
  return (
    <fieldset className="form-card points-choice">
      <legend>{t('account.reward-points')}</legend>
      <label className="check">
        <input
          type="checkbox"
          checked={chosen}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby="points-balance"
          data-testid="use-points"
        />
        <span>{t('user-points.use', { points: figure(offer.points), discount: taka(offer.discount) })}</span>
      </label>
      <p className="muted" id="points-balance">
        {t('user-points.balance', { points: figure(points.balance) })}
      </p>
      {error && (
        <p className="field-error" role="alert" data-testid="points-error">
          {error}
        </p>
      )}
    </fieldset>
  )
}
