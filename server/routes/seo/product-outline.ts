import type { Language } from '../../../src/contract/language'
import type { Product } from '../../../src/contract/product'
import { escapeHtml, mediaAddress } from './html'

/** The product page's texts the outline shows, as src/i18n/messages has them (a test keeps them equal). */
export const outlineTexts: Record<Language, { home: string; breadcrumb: string }> = {
  en: { home: 'Home', breadcrumb: 'Breadcrumb' },
  bn: { home: 'হোম', breadcrumb: 'পেজের অবস্থান' },
}

/**
 * The outline's geometry is the product page's (src/styles/commerce.css: .product-page, .breadcrumb,
 * .product-page__top, .gallery): its picture paints where the page's first image will, at the same size.
 * Its own class names, so the page's styles arriving later move nothing in it; a Bangla page has its taller
 * lines (src/i18n/bangla.css) from the start, for the same reason. It gives way at once when
 * the app has rendered into its root: the same frame shows the app's page instead.
 */
export const OUTLINE_STYLE = `<style>
      #root:not(:empty)~.product-outline{display:none}
      :root:lang(bn) .product-outline{line-height:1.6}
      .product-outline__page{max-width:1200px;margin:0 auto;padding:1rem}
      .product-outline__page ol{display:flex;flex-wrap:wrap;gap:.25rem;list-style:none;padding:0;margin:0 0 .75rem;font-size:.875rem}
      .product-outline__page li+li::before{content:"/";margin-right:.25rem;color:var(--text-muted)}
      .product-outline__top{display:grid;gap:1.5rem}
      .product-outline__picture{min-width:0;aspect-ratio:4/5;overflow:hidden;border-radius:var(--radius);background:var(--bg-soft)}
      .product-outline__picture img{display:block;width:100%;height:100%;object-fit:cover}
      @media (min-width:768px){.product-outline__top{grid-template-columns:minmax(0,1fr) minmax(0,1fr)}}
    </style>`

/** The page's text lines while it loads, as its preview draws them (src/features/product/product-preview.tsx). */
const loadingLines = ['width:70%;height:1.6rem', 'width:40%', 'width:30%']
  .map((style) => `<div class="skeleton skeleton--line" style="${style}"></div>`)
  .join('')

/** What a product's outline shows of it. */
export type OutlinedProduct = Pick<Product, 'name' | 'thumbnail' | 'categoryPath'>

/**
 * The product page's first screen, drawn by the server: its breadcrumb and main picture where the app's page
 * puts them, so the picture (the page's largest paint) shows as soon as the HTML, its styles and the image
 * have arrived, not once the app's code has run. Its data (`data-product-outline`) lets the page's preview
 * show the same picture until the product's data is there (src/features/product/server-outline.ts).
 * None for a product without a picture: the page's skeleton stays.
 */
export function productOutline(
  product: OutlinedProduct,
  /** the product as the page's address names it (slug or id) */
  key: string,
  language: Language,
  mediaRoot: string,
): string | null {
  const image = product.thumbnail.split(',')[0]?.trim()
  if (!image) return null
  const texts = outlineTexts[language]
  const { name, categoryPath } = product
  const data = JSON.stringify({ key, name, image, categoryPath })
  const trail = [
    `<li><a href="/">${escapeHtml(texts.home)}</a></li>`,
    ...categoryPath.map(
      (category) =>
        `<li><a href="/category/${escapeHtml(encodeURIComponent(category.slug))}">${escapeHtml(category.name)}</a></li>`,
    ),
    `<li aria-current="page">${escapeHtml(name)}</li>`,
  ]
  const picture = `<img src="${escapeHtml(mediaAddress(image, mediaRoot))}" alt="${escapeHtml(name)}" width="480" height="600" fetchpriority="high" decoding="sync" />`
  return [
    `<article class="product-outline__page" data-product-outline="${escapeHtml(data)}">`,
    `  <nav aria-label="${escapeHtml(texts.breadcrumb)}"><ol>${trail.join('')}</ol></nav>`,
    `  <div class="product-outline__top">`,
    `    <div class="product-outline__picture">${picture}</div>`,
    `    <div aria-hidden="true">${loadingLines}</div>`,
    `  </div>`,
    `</article>`,
  ].join('\n        ')
}

/**
 * index.html with the outline in place of the skeleton its boot `<main>` holds. The boot markup moves out of
 * the app's root, next to it: the app's first render, empty while its router loads the page's code, then
 * leaves the outline on screen, and the render that fills the root hides it in the same frame (OUTLINE_STYLE).
 */
export function withOutline(html: string, outline: string): string {
  return html.replace(/<div id="root">([\s\S]*?<\/main>)\s*<\/div>/i, (_root, boot: string) => {
    const drawn = boot
      .replace(/\s*<!--[\s\S]*?-->/g, '')
      .replace(
        /(<main\b[^>]*>)[\s\S]*?(<\/main>)/i,
        (_main, open: string, close: string) => `${open}\n        ${outline}\n      ${close}`,
      )
    return `<div id="root"></div>\n    <div class="product-outline">${drawn}\n    </div>`
  })
}
