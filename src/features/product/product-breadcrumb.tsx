import { Link } from '@tanstack/react-router'
import type { Product } from '../../contract/product'
import { t } from '../../i18n'

type Props = {
  categories: Product['categoryPath']
  /** the product's own name, last; none while the page does not know it for sure */
  name?: string
}

/** Home, the product's categories from the top down, the product: the product page's and its preview's. */
export function ProductBreadcrumb({ categories, name }: Props) {
  return (
    <nav aria-label={t('product.breadcrumb')} className="breadcrumb">
      <ol>
        <li>
          <Link to="/">{t('product.home')}</Link>
        </li>
        {categories.map((category) => (
          <li key={category.id}>
            <Link to="/category/$slug" params={{ slug: category.slug }}>
              {category.name}
            </Link>
          </li>
        ))}
        {name !== undefined && <li aria-current="page">{name}</li>}
      </ol>
    </nav>
  )
}
