import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useParams } from '@tanstack/react-router'
import { useEffect } from 'react'
import type { Product } from '../../contract/product'
import { figure, t, useLanguage } from '../../i18n'
import { productImages } from '../../lib/media'
import { track } from '../../lib/track'
import { shopName, useShop } from '../../state/shop'
import { setPageTitle } from '../../state/ui'
import { ProductGrid } from '../../ui/product-grid'
import { DeliveryInfo } from './delivery-info'
import { Gallery } from './gallery'
import { productDetailsQuery, relatedProductsQuery } from './product-api'
import { ProductBreadcrumb } from './product-breadcrumb'
import { PurchasePanel } from './purchase-panel'
import { ReviewsSection } from './reviews-section'
import { ShareButtons } from './share-buttons'
import { productViewed } from './track-events'
import '../../styles/commerce.css'

/** The product page: gallery, choices and buying, description, delivery, related products, reviews. */
export function ProductPage({ product }: { product: Product }) {
  const details = useQuery(productDetailsQuery(product.id))
  const related = useQuery(relatedProductsQuery(product.slug))
  const images = productImages(product.thumbnail)

  // a former slug finds the product: the address moves to the slug it has now
  const { slug } = useParams({ strict: false })
  const navigate = useNavigate()
  useEffect(() => {
    if (slug && slug !== product.slug && slug !== String(product.id)) {
      void navigate({ to: '/product/$slug', params: { slug: product.slug }, replace: true })
    }
  }, [slug, product.slug, product.id, navigate])

  // the query keeps the product's identity while it is unchanged: one ViewContent per product shown
  useEffect(() => track('ViewContent', productViewed(product)), [product])

  const language = useLanguage()
  const shop = useShop()
  const title = t('product.document-title', { name: product.name, shop: shopName(shop, language) })
  useEffect(() => {
    setPageTitle(title)
    return () => setPageTitle(null)
  }, [title])

  return (
    <article className="product-page">
      <ProductBreadcrumb categories={product.categoryPath} name={product.name} />
      <div className="product-page__top">
        <Gallery images={images} name={product.name} />
        <div className="product-page__info">
          <h1>{product.name}</h1>
          <p className="product-page__brand">
            {t('product.brand')}{' '}
            <Link to="/brand/$slug" params={{ slug: product.brand.slug }}>
              {product.brand.name}
            </Link>
            {product.rating_count > 0 && (
              <>
                {' '}
                ·{' '}
                <a href="#reviews-title">
                  {figure(product.rating.toFixed(1))} ★ ({figure(product.rating_count)})
                </a>
              </>
            )}
          </p>
          {product.shortDescription && <p>{product.shortDescription}</p>}
          <PurchasePanel key={product.id} product={product} />
          <ShareButtons slug={product.slug} name={product.name} />
          <DeliveryInfo />
        </div>
      </div>
      <section className="product-page__description" aria-labelledby="description-title">
        <h2 id="description-title">{t('product.description')}</h2>
        {(details.data?.longDescription ?? product.longDescription)
          .split(/\n{2,}/)
          .filter(Boolean)
          .map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
      </section>
      {related.data && related.data.length > 0 && (
        <section aria-labelledby="related-title">
          <h2 id="related-title">{t('product.related')}</h2>
          <ProductGrid products={related.data} eagerCount={0} />
        </section>
      )}
      <ReviewsSection slug={product.slug} />
    </article>
  )
}
