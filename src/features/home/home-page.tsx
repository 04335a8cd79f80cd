import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useDeferredValue } from 'react'
import type { MenuItem } from '../../contract/menu'
import { t } from '../../i18n'
import { menuQuery } from '../../state/menu'
import { productsByLogicQuery } from '../../state/products'
import { ProductGrid } from '../../ui/product-grid'
import { GridSkeleton } from '../../ui/skeleton'
import { Countdown } from './countdown'
import { type HomeSection, homeSections } from './sections'

function FlashDeal({ section: { item, body } }: { section: HomeSection<MenuItem, 'campaign'> }) {
  const { data: products } = useQuery(productsByLogicQuery(body))
  return (
    <section className="home-section home-section--deal" aria-labelledby="flash-deal-title">
      <div className="home-section__head">
        <h2 id="flash-deal-title">{item.name}</h2>
        {item.endsAt && <Countdown endsAt={item.endsAt} />}
        <Link to="/flash-deal/$slug" params={{ slug: item.url }} className="home-section__more">
          {t('catalog.view-all')}
          <span className="visually-hidden"> {item.name}</span>
        </Link>
      </div>
      {products ? <ProductGrid products={products} /> : <GridSkeleton count={body.limit} />}
    </section>
  )
}

/** A row below the fold: its cards render in the background, after the flash deal has painted. */
function CategoryRow({ section: { item, body } }: { section: HomeSection<MenuItem, 'category'> }) {
  const { data } = useQuery(productsByLogicQuery(body))
  // first rendered as a skeleton, even when the data is at hand (a returning shopper's cache)
  const products = useDeferredValue(data ?? null, null)
  const titleId = `home-category-${item.url}`
  if (products && products.length === 0) return null
  return (
    <section className="home-section" aria-labelledby={titleId}>
      <div className="home-section__head">
        <h2 id={titleId}>{item.name}</h2>
        <Link to="/category/$slug" params={{ slug: item.url }} className="home-section__more">
          {t('catalog.view-all')}
          <span className="visually-hidden"> {item.name}</span>
        </Link>
      </div>
      {products ? <ProductGrid products={products} eagerCount={0} /> : <GridSkeleton count={body.limit} />}
    </section>
  )
}

export function HomePage() {
  const { data: menu } = useQuery(menuQuery('home_page'))
  if (!menu) {
    return (
      <div className="home">
        <h1 className="visually-hidden">{t('catalog.shop-name')}</h1>
        <GridSkeleton count={8} />
      </div>
    )
  }
  const { campaign, categories } = homeSections(menu)
  return (
    <div className="home">
      <h1 className="visually-hidden">{t('catalog.home-title')}</h1>
      {campaign && <FlashDeal section={campaign} />}
      {categories.map((section) => (
        <CategoryRow key={section.item.url} section={section} />
      ))}
    </div>
  )
}
