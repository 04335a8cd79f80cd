import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { MenuItem } from '../../contract/menu'
import { GridSkeleton } from '../../ui/skeleton'
import { ProductGrid, productsByLogicQuery } from '../catalog'
import { menuQuery } from '../menu'
import { Countdown } from './countdown'
import { campaignInfoQuery, flattenMenu } from './queries'

const CATEGORY_ROWS = 4

function FlashDeal({ item }: { item: MenuItem }) {
  const { data: products } = useQuery(productsByLogicQuery({ logic: 'campaign', slug: item.url, limit: 8 }))
  const first = products?.[0]
  const { data: campaign } = useQuery({ ...campaignInfoQuery(first?.slug ?? ''), enabled: Boolean(first) })
  return (
    <section className="home-section home-section--deal" aria-labelledby="flash-deal-title">
      <div className="home-section__head">
        <h2 id="flash-deal-title">{campaign?.name ?? item.name}</h2>
        {campaign?.endsAt && <Countdown endsAt={campaign.endsAt} />}
        <Link to="/flash-deal/$slug" params={{ slug: item.url }} className="home-section__more">
          View all<span className="visually-hidden"> {item.name}</span>
        </Link>
      </div>
      {products ? <ProductGrid products={products} /> : <GridSkeleton count={4} />}
    </section>
  )
}

function CategoryRow({ item }: { item: MenuItem }) {
  const { data: products } = useQuery(productsByLogicQuery({ logic: 'category', slug: item.url, limit: 4 }))
  const titleId = `home-category-${item.url}`
  if (products && products.length === 0) return null
  return (
    <section className="home-section" aria-labelledby={titleId}>
      <div className="home-section__head">
        <h2 id={titleId}>{item.name}</h2>
        <Link to="/category/$slug" params={{ slug: item.url }} className="home-section__more">
          View all<span className="visually-hidden"> {item.name}</span>
        </Link>
      </div>
      {products ? <ProductGrid products={products} eagerCount={0} /> : <GridSkeleton count={4} />}
    </section>
  )
}

export function HomePage() {
  const { data: menu } = useQuery(menuQuery('main_menu'))
  if (!menu) {
    return (
      <div className="home">
        <h1 className="visually-hidden">Haat</h1>
        <GridSkeleton count={8} />
      </div>
    )
  }
  const all = flattenMenu(menu)
  const campaign = all.find((item) => item.type === 'campaign')
  const categories = menu.filter((item) => item.type === 'category').slice(0, CATEGORY_ROWS)
  return (
    <div className="home">
      <h1 className="visually-hidden">Haat — fashion for Bangladesh</h1>
      {campaign && <FlashDeal item={campaign} />}
      {categories.map((item) => (
        <CategoryRow key={item.url} item={item} />
      ))}
    </div>
  )
}
