// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mediaAddress } from '../../server/routes/seo/html'
import { injectHead, withPageLanguage } from '../../server/routes/seo/product-head'
import {
  OUTLINE_STYLE,
  outlineTexts,
  productOutline,
  withOutline,
} from '../../server/routes/seo/product-outline'
import { productPageTemplate } from '../../server/routes/seo/product-page'
import { ProductPreview } from '../../src/features/product/product-preview'
import { readServerOutline } from '../../src/features/product/server-outline'
import bangla from '../../src/i18n/messages/bn/product.json'
import english from '../../src/i18n/messages/en/product.json'
import { mediaUrl } from '../../src/lib/media'

const jeans = {
  name: 'Tapered "Stretch" <Denim> Jeans',
  thumbnail: 'products/jeans/navy-front.webp, products/jeans/navy-back.webp',
  categoryPath: [
    { id: 1, name: 'Men', slug: 'men' },
    { id: 7, name: 'Jeans & Trousers', slug: 'jeans' },
  ],
}
const shell =
  '<html><head></head><body><div id="root"><main class="site-main container" aria-busy="true"><div class="product-grid"></div></main></div></body></html>'

/** The server's page for `product`, in a document of its own. */
function pageOf(product: typeof jeans, key = 'tapered-jeans') {
  const outline = productOutline(product, key, 'en', '/media')
  if (!outline) throw new Error('no outline')
  return new DOMParser().parseFromString(withOutline(shell, outline), 'text/html')
}

describe('the server’s outline of a product page', () => {
  it('moves index.html’s boot header next to the app’s root, with the outline in place of the skeleton', () => {
    const outline = productOutline(jeans, 'tapered-jeans', 'en', '/media') ?? ''
    const page = new DOMParser().parseFromString(
      withOutline(readFileSync('index.html', 'utf8'), outline),
      'text/html',
    )
    // the app renders into an empty root; the outline beside it gives way once the root has content
    expect(page.getElementById('root')?.childNodes).toHaveLength(0)
    const boot = page.querySelector('#root + .product-outline')
    expect(boot?.querySelector('header.site-header[aria-hidden="true"]')).not.toBeNull()
    expect(boot?.querySelector('main.site-main .product-outline__picture img')).not.toBeNull()
    expect(boot?.querySelector('.product-grid')).toBeNull()
    expect(page.querySelectorAll('script[type="module"]').length).toBeGreaterThan(0)
  })

  it('replaces the shell’s skeleton with the breadcrumb and the main picture, names escaped', () => {
    const page = pageOf(jeans)
    const main = page.querySelector('main')
    expect(main?.querySelector('.product-grid')).toBeNull()
    const picture = main?.querySelector('.product-outline__picture img')
    expect(picture?.getAttribute('src')).toBe('/media/products/jeans/navy-front.webp')
    expect(picture?.getAttribute('alt')).toBe(jeans.name)
    const trail = [...(main?.querySelectorAll('nav li') ?? [])].map((item) => item.textContent)
    expect(trail).toEqual(['Home', 'Men', 'Jeans & Trousers', jeans.name])
    expect(main?.querySelector('nav a[href="/category/jeans"]')).not.toBeNull()
  })

  it('asks for the very file the app’s page shows, from the media root or a full address', () => {
    for (const path of ['products/a.webp', ' /products/a.webp', 'https://cdn.test/a.webp'])
      expect(mediaAddress(path, '/media')).toBe(mediaUrl(path))
  })

  it('draws nothing for a product without a picture', () => {
    expect(productOutline({ ...jeans, thumbnail: ' ' }, 'x', 'en', '/media')).toBeNull()
  })

  it('says Home and Breadcrumb as the page’s messages do, in English and in Bangla', () => {
    expect(outlineTexts.en).toEqual({
      home: english['product.home'],
      breadcrumb: english['product.breadcrumb'],
    })
    expect(outlineTexts.bn).toEqual({
      home: bangla['product.home'],
      breadcrumb: bangla['product.breadcrumb'],
    })
  })
})

describe('a product page made from index.html’s parts', () => {
  it('is the page the head, the outline and the language each written in would be', () => {
    const html = readFileSync('index.html', 'utf8')
    const page = productPageTemplate(html)
    // replacement patterns in a product's text stay text
    const head = `<title>Saree $& $' $1 — TK 1,250.00 | Haat</title>\n    <meta name="description" content="$\`" />`
    const outline = productOutline({ ...jeans, name: "Jeans $& $'" }, 'tapered-jeans', 'en', '/media')
    for (const language of ['en', 'bn'] as const) {
      for (const drawn of [outline, null]) {
        const expected = withPageLanguage(
          drawn
            ? withOutline(injectHead(html, `${head}\n    ${OUTLINE_STYLE}`), drawn)
            : injectHead(html, head),
          language,
        )
        // twice: the second page is made from the parts kept by the first
        expect(page(language, head, drawn)).toBe(expected)
        expect(page(language, head, drawn)).toBe(expected)
      }
    }
    expect(page('bn', head, outline)).toContain('<html lang="bn"')
    expect(page('en', head, outline)).toContain('<li aria-current="page">Jeans $&amp; ')
  })
})

describe('the product page’s preview after the server’s outline', () => {
  it('reads the product the outline was drawn for, and nothing from a page without one', () => {
    expect(readServerOutline(pageOf(jeans, '5'))).toEqual({
      key: '5',
      name: jeans.name,
      image: 'products/jeans/navy-front.webp',
      categoryPath: jeans.categoryPath,
    })
    expect(readServerOutline(new DOMParser().parseFromString(shell, 'text/html'))).toBeUndefined()
  })

  it('shows the outline’s breadcrumb and picture until the product is here', async () => {
    const outline = readServerOutline(pageOf(jeans))
    const root = createRootRoute({
      component: () => (
        <ProductPreview card={undefined} outline={outline} state="loading" onRetry={() => {}} />
      ),
    })
    const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) })
    render(<RouterProvider router={router} />)
    const picture = await screen.findByRole('img', { name: jeans.name })
    expect(picture.getAttribute('src')).toBe('/media/products/jeans/navy-front.webp')
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect([...trail.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Home',
      'Men',
      'Jeans & Trousers',
      jeans.name,
    ])
  })
})
