import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { AdminProduct } from '../../../contract/admin-product'
import { figure, t } from '../../../i18n'
import { ApiRequestError } from '../../../lib/api'
import { FormAlert } from '../../form-parts'
import { adminLink } from '../../links'
import { editorApi, editorKeys } from './editor-api'

type Props = {
  /** the product as last saved; null for a new one */
  saved: AdminProduct | null
  title: string
  /** edits not saved yet: a copy would not have them */
  dirty: boolean
  /** "Changed by Rina at 16:05", when someone is named */
  changedBy: string | null
  onCopied: (copy: AdminProduct) => void
}

/** Active, and every sku at 0: shoppers find the product but cannot buy it. */
export const soldOut = (product: Pick<AdminProduct, 'status' | 'skus'>) =>
  product.status === 'active' && product.skus.every((sku) => sku.stockQuantity === 0)

/** The editor's title, its version, Duplicate, and the warning of an active product with no stock. */
export function EditorHead({ saved, title, dirty, changedBy, onCopied }: Props) {
  const queryClient = useQueryClient()
  const [problem, setProblem] = useState<string | null>(null)
  const duplicate = useMutation({
    mutationFn: (id: number) => editorApi.duplicate(id),
    meta: { silent: true },
    onMutate: () => setProblem(null),
    onSuccess: (copy) => {
      queryClient.setQueryData(editorKeys.product(copy.id), copy)
      void queryClient.invalidateQueries({ queryKey: editorKeys.products(), refetchType: 'none' })
      onCopied(copy)
    },
    onError: (error) =>
      setProblem(
        error instanceof ApiRequestError ? error.messages.join(' ') || error.message : t('common.failed'),
      ),
  })
  const copy = () => {
    if (!saved) return
    // the copy is made of the product as saved
    if (dirty) setProblem(t('admin-editor.duplicate-unsaved'))
    else duplicate.mutate(saved.id)
  }

  return (
    <div className="product-editor__head">
      <Link {...adminLink('products')} className="product-editor__back">
        {t('admin-editor.back')}
      </Link>
      <h1>{title}</h1>
      {saved && (
        <>
          <p className="product-editor__meta">
            {t('admin-editor.version', { version: figure(saved.version) })}
            {changedBy ? ` · ${changedBy}` : ''}
          </p>
          <div className="product-editor__actions">
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={duplicate.isPending}
              onClick={copy}
            >
              {duplicate.isPending ? t('admin-editor.duplicating') : t('admin-editor.duplicate')}
            </button>
            <FormAlert message={problem} />
          </div>
          {soldOut(saved) && (
            <p className="admin-notice product-editor__sold-out">
              <span className="admin-tag admin-tag--warn">{t('admin-editor.active-out')}</span>
              {t('admin-editor.active-out-text')}
            </p>
          )}
        </>
      )}
    </div>
  )
}
