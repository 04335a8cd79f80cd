import { useState } from 'react'
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
/** what "apply to all" offers: stock is counted per sku */
const SHARED: SkuFigure[] = ['price', 'discountedPrice', 'vat', 'weightGrams']

const rowName = (row: SkuRow) => Object.values(row.values).join(' / ') || t('admin-editor.sku-only')

function ApplyToAll({ onApply }: { onApply: (figure: SkuFigure, value: string) => void }) {
  const [values, setValues] = useState<Record<string, string>>({})
  return (
    <fieldset className="product-editor__apply">
      <legend>{t('admin-editor.apply-all')}</legend>
      {SHARED.map((figure) => (
        <div key={figure} className="product-editor__apply-one">
          <label htmlFor={`editor-all-${figure}`}>{figureLabel[figure]()}</label>
          <input
            id={`editor-all-${figure}`}
            inputMode="decimal"
            value={values[figure] ?? ''}
            onChange={(event) => setValues((all) => ({ ...all, [figure]: event.target.value }))}
          />
          <button
            type="button"
            className="button button--ghost"
            disabled={!values[figure]?.trim()}
            onClick={() => onApply(figure, values[figure]?.trim() ?? '')}
          >
            {t('admin-editor.apply-figure', { figure: figureLabel[figure]() })}
          </button>
        </div>
      ))}
    </fieldset>
  )
}

/** Every sku of the matrix: its code and figures. A table on a wide screen, a card per sku on a phone. */
export function SkuMatrix({ form, errors, onChange }: SectionProps) {
  const setRow = (index: number, change: Partial<SkuRow>) =>
    onChange((current) => ({
      ...current,
      skus: current.skus.map((row, at) => (at === index ? { ...row, ...change } : row)),
    }))
  return (
    <div className="product-editor__matrix">
      <h3 id="editor-skus">{t('admin-editor.skus', { count: figure(form.skus.length) })}</h3>
      <GroupError message={errorOf(errors, 'skus')} />
      {form.skus.length > 1 && (
        <ApplyToAll
          onApply={(figure, value) =>
            onChange((current) => ({ ...current, skus: applyToAll(current.skus, figure, value) }))
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
              return (
                <tr key={JSON.stringify(row.values)} className="product-editor__sku-row">
                  <th scope="row" className="product-editor__sku-name">
                    {name}
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
