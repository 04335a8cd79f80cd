import type { FastifyRequest } from 'fastify'
import type { OrderBrowser } from '../db/schema'

const FB_COOKIE = /^fb\.\d\.\d{10,13}\.[\w-]{1,250}$/
const GA_COOKIE = /^GA\d\.\d+\.\d+\.\d+$/

/**
 * What the ad platforms know the placing browser by, from the request that places the order: Meta's `_fbp`
 * (browser) and `_fbc` (ad click) cookies and GA's `_ga`, as their tags set them (none without the tags, or
 * without the shopper's consent), the user agent and the checkout page. Anything malformed is left out.
 */
export function browserOf(request: FastifyRequest): OrderBrowser | null {
  const cookies = request.cookies ?? {}
  const cookie = (name: string, pattern: RegExp) => {
    const value = cookies[name]
    return value && pattern.test(value) ? value : undefined
  }
  const referer = request.headers.referer
  const browser: OrderBrowser = {
    fbp: cookie('_fbp', FB_COOKIE),
    fbc: cookie('_fbc', FB_COOKIE),
    ga: cookie('_ga', GA_COOKIE),
    userAgent: request.headers['user-agent']?.slice(0, 500),
    pageUrl: referer && /^https?:\/\//.test(referer) && referer.length <= 1000 ? referer : undefined,
  }
  const given = Object.fromEntries(Object.entries(browser).filter(([, value]) => value !== undefined))
  return Object.keys(given).length > 0 ? given : null
}
