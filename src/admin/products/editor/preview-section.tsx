import type { AdminRefs } from '../../../contract/admin-refs'
import { figure, t, taka } from '../../../i18n'
import { mediaUrl } from '../../../lib/media'
import type { EditorForm } from './editor-form'

/** The sku a card shows: the cheapest after discount, as the storefront picks it. */
function cheapest(form: EditorForm) {
  const priced = form.skus
    .map((row) => ({ price: Number(row.price), discounted: Number(row.discountedPrice) }))
    .filter((row) => Number.isFinite(row.price) && Number.isFinite(row.discounted) && row.price > 0)
  return priced.sort((a, b) => a.discounted - b.discounted)[0] ?? null
}

/** How the product looks in the shop: its card and main facts, and a link to its page once it is live. */
export function PreviewSection({
  form,
  refs,
  live,
}: {
  form: EditorForm
  refs: AdminRefs
  /** the saved slug of an active product */
  live: string | null
}) {
  const main = form.images[0]
  const price = cheapest(form)
  const percent = price && price.price > 0 ? Math.round((1 - price.discounted / price.price) * 100) : 0
  const category = refs.categories.find((one) => String(one.id) === form.categoryId)
  const brand = refs.brands.find((one) => String(one.id) === form.brandId)
  const stock = form.skus.reduce((sum, row) => sum + (Number(row.stockQuantity) || 0), 0)
  return (
    <section className="admin-panel" aria-labelledby="editor-preview">
      <h2 id="editor-preview">{t('admin-editor.preview')}</h2>
      <div className="product-editor__preview">
        <article className="product-editor__card" aria-label={t('admin-editor.preview-card')}>
          {main ? (
            <img src={mediaUrl(main.path, 'xs')} alt={main.alt} width={160} height={200} />
          ) : (
            <div className="product-editor__no-image">{t('admin-editor.no-image')}</div>
          )}
          <p className="product-editor__card-name">{form.name || t('admin-editor.untitled')}</p>
          {price && (
            <p className="product-editor__card-price">
              <strong>{taka(price.discounted)}</strong>
              {percent > 0 && (
                <>
                  {' '}
                  <s>{taka(price.price)}</s>{' '}
                  <span>{t('admin-editor.percent-off', { percent: figure(percent) })}</span>
                </>
              )}
            </p>
          )}
        </article>
        <dl className="admin-facts">
          <dt>{t('admin-editor.category')}</dt>
          <dd>{category?.name ?? '—'}</dd>
          <dt>{t('admin-editor.brand')}</dt>
          <dd>{brand?.name ?? '—'}</dd>
          <dt>{t('admin-editor.total-stock')}</dt>
          <dd>{figure(stock)}</dd>
          <dt>{t('admin-editor.sku-count')}</dt>
          <dd>{figure(form.skus.length)}</dd>
        </dl>
      </div>
      {live ? (
        <a href={`/product/${live}`} target="_blank" rel="noopener">
          {t('admin-editor.live-link')}
        </a>
      ) : (
        <p className="product-editor__hint">{t('admin-editor.not-live')}</p>
      )}
    </section>
  )
}
