import type { MenuItem } from '../contract/menu'

/** Where a menu item leads (storefront §2 route table), by its type. */
export function menuHref(item: Pick<MenuItem, 'type' | 'url'>): string {
  const slug = encodeURIComponent(item.url.trim().replace(/^\/+|\/+$/g, ''))
  switch (item.type) {
    case 'category':
      return `/category/${slug}`
    case 'brand':
      return `/brand/${slug}`
    case 'campaign':
      return `/flash-deal/${slug}`
    case 'page':
      return `/${slug}`
    default:
      // a custom item, a banner's slide
      return item.url.trim() || '/'
  }
}

/** A custom url pointing at another site opens as a plain link rather than through the router. */
export function isExternalHref(href: string): boolean {
  return /^(?:[a-z][a-z\d+.-]*:)?\/\//i.test(href) || /^(?:mailto|tel):/i.test(href)
}
