import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useDeferredValue } from 'react'
import type { MenuItem } from '../../contract/menu'
import { t, useLanguage } from '../../i18n'
import { imageSrcSet, mediaUrl } from '../../lib/media'
import { menuQuery } from '../../state/menu'
import { productsByLogicQuery } from '../../state/products'
import { shopName, shopTitle, useShop } from '../../state/shop'
import { AppLink } from '../../ui/app-link'
import { ProductGrid } from '../../ui/product-grid'
import { GridSkeleton } from '../../ui/skeleton'
import { Countdown } from './countdown'
import { type HomeSection, homeSections } from './sections'

type Row = Required<HomeSection<MenuItem>>

/** Where a row's "View all" leads: a flash deal's, a category's or a brand's page (a hand-picked row has none). */
const moreOf: Record<string, string> = { campaign: '/flash-deal/', category: '/category/', brand: '/brand/' }

/**
 * A row of products: a flash deal (with its countdown), a category's, a brand's or the shop's own pick. The
 * page's first row renders at once; the rows below it in the background, after it has painted.
 */
function ProductRow({ section: { item, body }, first }: { section: Row; first: boolean }) {
  const { data } = useQuery(productsByLogicQuery(body))
  // a row below the fold is first rendered as a skeleton, even when the data is at hand (a returning shopper's cache)
  const deferred = useDeferredValue(data ?? null, null)
  const products = first ? (data ?? null) : deferred
  const titleId = `home-${item.type}-${item.url}`
  const more = moreOf[item.type]
  if (products && products.length === 0) return null
  return (
    <section
      className={item.type === 'campaign' ? 'home-section home-section--deal' : 'home-section'}
      aria-labelledby={titleId}
    >
      <div className="home-section__head">
        <h2 id={titleId}>{item.name}</h2>
        {item.endsAt && <Countdown endsAt={item.endsAt} />}
        {more && (
          <Link to={`${more}${encodeURIComponent(item.url)}`} className="home-section__more">
            {t('catalog.view-all')}
            <span className="visually-hidden"> {item.name}</span>
          </Link>
        )}
      </div>
      {products ? (
        <ProductGrid products={products} eagerCount={first ? undefined : 0} />
      ) : (
        <GridSkeleton count={body.limit} />
      )}
    </section>
  )
}

/** The shop's pictures, side by side: a phone swipes through them; each opens where the shop linked it. */
function Banner({ item, first }: { item: MenuItem; first: boolean }) {
  return (
    <section className="home-banner" aria-label={item.name}>
      {item.submenu.map(({ url, image = '', name }, index) => {
        const lead = first && index === 0
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a picture has no identity but its place
          <AppLink key={index} href={url} className="home-banner__slide">
            <img
              src={mediaUrl(image)}
              srcSet={imageSrcSet(image, 480, 1200)}
              sizes="(min-width: 1200px) 1200px, 100vw"
              width={1200}
              height={400}
              alt={name}
              loading={lead ? 'eager' : 'lazy'}
              fetchPriority={lead ? 'high' : undefined}
            />
          </AppLink>
        )
      })}
    </section>
  )
}

export function HomePage() {
  const { data: menu } = useQuery(menuQuery('home_page'))
  const language = useLanguage()
  const shop = useShop()
  const name = shopName(shop, language)
  if (!menu) {
    return (
      <div className="home">
        <h1 className="visually-hidden">{name}</h1>
        <GridSkeleton count={8} />
      </div>
    )
  }
  return (
    <div className="home">
      <h1 className="visually-hidden">{shopTitle(shop, language) ?? name}</h1>
      {homeSections(menu).map((section, index) => {
        // a section has no identity but its place in the document (a row may show one category twice)
        const key = `${index} ${section.item.type} ${section.item.url}`
        return section.body ? (
          <ProductRow key={key} section={section as Row} first={index === 0} />
        ) : (
          <Banner key={key} item={section.item} first={index === 0} />
        )
      })}
    </div>
  )
}
