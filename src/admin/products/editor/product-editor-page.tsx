import { useQuery } from '@tanstack/react-query'
import { t } from '../../../i18n'
import type { SectionPageProps } from '../../section-pages'
import { Loading, LoadProblem, UnknownPage } from '../../shell/status-pages'
import { editedProductQuery, editorRefsQuery } from './editor-api'
import { ProductEditor } from './product-editor'

/** `/admin/products/new` and `/admin/products/<id>`: the product editor, once the product and the pickers are read. */
export function ProductEditorPage({ rest }: SectionPageProps) {
  const id = /^\d{1,10}$/.test(rest) ? Number(rest) : null
  if (rest !== 'new' && id === null) return <UnknownPage />
  return <EditorLoader key={rest} id={id} />
}

function EditorLoader({ id }: { id: number | null }) {
  const refs = useQuery(editorRefsQuery)
  const product = useQuery({ ...editedProductQuery(id ?? 0), enabled: id !== null })
  const problem = refs.error ?? product.error
  const title = id === null ? t('admin-editor.title-new') : t('admin-editor.title-edit')
  if (problem) {
    return (
      <div className="admin-page">
        <h1>{title}</h1>
        <LoadProblem
          error={problem}
          onRetry={() => {
            void refs.refetch()
            if (id !== null) void product.refetch()
          }}
        />
      </div>
    )
  }
  if (!refs.data || (id !== null && !product.data)) {
    return (
      <div className="admin-page">
        <h1>{title}</h1>
        <Loading />
      </div>
    )
  }
  return <ProductEditor key={product.data?.id ?? 'new'} product={product.data ?? null} refs={refs.data} />
}
