import { Link } from '@tanstack/react-router'
import { t } from '../../i18n'
import { mediaUrl, productImages } from '../../lib/media'
import { Price } from '../../ui/price'
import type { Suggestions } from './use-search-suggestions'

/** The search box's dropdown: its products as they are found (loaded with the box's first focus). */
export default function SuggestionList({
  suggestions,
  onChoose,
}: {
  suggestions: Suggestions
  onChoose: () => void
}) {
  if (suggestions.status === 'idle') return null
  if (suggestions.status === 'loading') {
    return (
      <ul className="search-dropdown__list" aria-label={t('catalog.suggestions-loading')}>
        {[0, 1, 2].map((row) => (
          <li key={row} className="search-dropdown__skeleton" aria-hidden="true">
            <span className="skeleton skeleton--thumb" />
            <span className="skeleton skeleton--line" />
          </li>
        ))}
      </ul>
    )
  }
  if (suggestions.status === 'error' || suggestions.products.length === 0) {
    return <p className="search-dropdown__empty">{t('catalog.no-products')}</p>
  }
  return (
    <ul className="search-dropdown__list">
      {suggestions.products.map((product) => {
        const image = productImages(product.thumbnail)[0]
        return (
          <li key={product.id}>
            <Link
              to="/product/$slug"
              params={{ slug: product.slug }}
              className="search-dropdown__item"
              onClick={onChoose}
            >
              {image ? (
                <img src={mediaUrl(image, 'xs')} alt="" width={48} height={48} loading="lazy" />
              ) : (
                <span className="search-dropdown__noimage" />
              )}
              <span className="search-dropdown__text">
                <span className="search-dropdown__name">{product.name}</span>
                <Price price={product.price} discountedPrice={product.discounted_price} />
              </span>
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
