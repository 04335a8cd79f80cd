import { useState } from 'react'
import { valuesKey } from '../../../contract/admin-product'
import { figure, t } from '../../../i18n'
import { applyToAll, SKU_FIGURES, type SkuFigure, type SkuRow } from './editor-form'
import { errorOf, GroupError, type SectionProps } from './editor-parts'

const figureLabel: Record<SkuFigure, () => string> = {
  price: () => t('admin-editor.price'),
  discountedPrice: () => t('admin-editor.discounted-price'),
  vat: () => t('admin-editor.vat'),
  stockQuantity: () => t('admin-editor.stock'),
  weightGrams: () => t('admin-editor.weight'),
}
const rowName = (row: SkuRow) => Object.values(row.values).join(' / ') || t('admin-editor.sku-only')

/** One figure for every sku, or for the chosen ones when some are (`chosen`: how many). */
function ApplyToAll({
  chosen,
  onApply,
  onClear,
}: {
  chosen: number
  onApply: (figure: SkuFigure, value: string) => void
  onClear: () => void
}) {
  const [values, setValues] = useState<Record<string, string>>({})
  return (
    <fieldset className="product-editor__apply">
      <legend>
        {chosen > 0
          ? t('admin-editor.apply-chosen', { count: chosen, shown: figure(chosen) })
          : t('admin-editor.apply-all')}
      </legend>
      {chosen > 0 && (
        <button type="button" className="button button--ghost button--small" onClick={onClear}>
          {t('admin-editor.choose-none')}
        </button>
      )}
      {SKU_FIGURES.map((figure) => (
        <div key={figure} className="product-editor__apply-one">
          <label htmlFor={`editor-all-${figure}`}>{figureLabel[figure]()}</label>
          <input
            id={`editor-all-${figure}`}
            inputMode={figure === 'stockQuantity' || figure === 'weightGrams' ? 'numeric' : 'decimal'}
            value={values[figure] ?? ''}
            onChange={(event) => setValues((all) => ({ ...all, [figure]: event.target.value }))}
          />
          <button
            type="button"
            className="button button--ghost"
            disabled={!values[figure]?.trim()}
            onClick={() => onApply(figure, values[figure]?.trim() ?? '')}
          >
            {chosen > 0
              ? t('admin-editor.apply-figure-chosen', { figure: figureLabel[figure]() })
              : t('admin-editor.apply-figure', { figure: figureLabel[figure]() })}
          </button>
        </div>
      ))}
    </fieldset>
  )
}

function WaitingCount({ count }: { count: number }) {
  if (count === 0) return null
  return (
    <span className="product-editor__waiting">
      {t('admin-reports.waiting-on-sku', { count, shown: figure(count) })}
    </span>
  )
}

/** Every sku of the matrix: its code and figures. A table on a wide screen, a card per sku on a phone. */
export function SkuMatrix({
  form,
  errors,
  onChange,
  waitingBySku,
}: SectionProps & { waitingBySku: ReadonlyMap<number, number> }) {
  // the skus chosen for "apply", by their values: a sku the options no longer make drops out
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set())
  const keys = form.skus.map((row) => valuesKey(row.values))
  const chosen = new Set(keys.filter((key) => picked.has(key)))
  const pick = (key: string, on: boolean) => {
    const next = new Set(chosen)
    if (on) next.add(key)
    else next.delete(key)
    setPicked(next)
  }
  const setRow = (index: number, change: Partial<SkuRow>) =>
    onChange((current) => ({
      ...current,
      skus: current.skus.map((row, at) => (at === index ? { ...row, ...change } : row)),
    }))
  return (
    <div className="product-editor__matrix">
      <h3 id="editor-skus">{t('admin-editor.skus', { count: figure(form.skus.length) })}</h3>
      <p className="product-editor__hint">{t('admin-editor.sku-code-rule')}</p>
      <GroupError message={errorOf(errors, 'skus')} />
      {form.skus.length > 1 && (
        <ApplyToAll
          chosen={chosen.size}
          onClear={() => setPicked(new Set())}
          onApply={(figure, value) =>
            onChange((current) => ({ ...current, skus: applyToAll(current.skus, figure, value, chosen) }))
          }
        />
      )}
      <div className="product-editor__sku-table">
        <table aria-labelledby="editor-skus">
          <thead className="product-editor__sku-head">
            <tr className="product-editor__sku-row">
              <th scope="col">{t('admin-editor.sku-values')}</th>
              <th scope="col">{t('admin-editor.sku-code')}</th>
              {SKU_FIGURES.map((figure) => (
                <th scope="col" key={figure}>
                  {figureLabel[figure]()}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {form.skus.map((row, index) => {
              const name = rowName(row)
              const at = `skus.${index}`
              const rowErrors = [errorOf(errors, `${at}.values`), errorOf(errors, `${at}.id`)].filter(Boolean)
              const key = keys[index] ?? ''
              return (
                <tr key={key} className="product-editor__sku-row">
                  <th scope="row" className="product-editor__sku-name">
                    <span className="product-editor__sku-label">
                      {form.skus.length > 1 && (
                        <input
                          type="checkbox"
                          className="product-editor__pick"
                          checked={chosen.has(key)}
                          aria-label={t('admin-editor.choose-sku', { sku: name })}
                          onChange={(event) => pick(key, event.target.checked)}
                        />
                      )}
                      {name}
                    </span>
                    <WaitingCount count={row.id === undefined ? 0 : (waitingBySku.get(row.id) ?? 0)} />
                    {rowErrors.map((message) => (
                      <span key={message} className="auth-error">
                        {message}
                      </span>
                    ))}
                  </th>
                  <td className="product-editor__cell">
                    <label>
                      <span className="product-editor__cell-label">{t('admin-editor.sku-code')}</span>
                      <input
                        value={row.sku}
                        maxLength={64}
                        spellCheck={false}
                        placeholder={t('admin-editor.sku-code-auto')}
                        aria-label={t('admin-editor.cell', { field: t('admin-editor.sku-code'), sku: name })}
                        aria-invalid={errorOf(errors, `${at}.sku`) ? true : undefined}
                        onChange={(event) => setRow(index, { sku: event.target.value, skuEdited: true })}
                      />
                    </label>
                    <CellError message={errorOf(errors, `${at}.sku`)} />
                  </td>
                  {SKU_FIGURES.map((figure) => (
                    <td key={figure} className="product-editor__cell">
                      <label>
                        <span className="product-editor__cell-label">{figureLabel[figure]()}</span>
                        <input
                          value={row[figure]}
                          inputMode={
                            figure === 'stockQuantity' || figure === 'weightGrams' ? 'numeric' : 'decimal'
                          }
                          aria-label={t('admin-editor.cell', { field: figureLabel[figure](), sku: name })}
                          aria-invalid={errorOf(errors, `${at}.${figure}`) ? true : undefined}
                          onChange={(event) => setRow(index, { [figure]: event.target.value })}
                        />
                      </label>
                      <CellError message={errorOf(errors, `${at}.${figure}`)} />
                    </td>
                  ))}
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </div>
  )
}

function CellError({ message }: { message: string | null }) {
  if (!message) return null
  return <span className="auth-error product-editor__cell-error">{message}</span>
}
