import type { SectionPageProps } from '../section-pages'
import { ProductEditorPage } from './editor/product-editor-page'
import { ProductListPage } from './product-list-page'

/** `/admin/products`: the list; `/admin/products/new` and `/admin/products/<id>`: the editor. */
export function ProductsPage(props: SectionPageProps) {
  return props.rest ? <ProductEditorPage {...props} /> : <ProductListPage {...props} />
}
