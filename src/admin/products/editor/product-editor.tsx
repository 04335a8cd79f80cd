import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useBlocker, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useMemo, useState } from 'react'
import type { AdminProduct } from '../../../contract/admin-product'
import type { AdminRefs } from '../../../contract/admin-refs'
import { figure, t } from '../../../i18n'
import { formatTime } from '../../../i18n/date-time'
import { ApiRequestError } from '../../../lib/api'
import { ConfirmDialog } from '../../confirm-dialog'
import { FormAlert, LiveStatus } from '../../form-parts'
import { adminLink } from '../../links'
import { waitingForStockQuery } from '../../waiting-for-stock'
import { ClassificationSection } from './classification-section'
import { editedProductQuery, editorApi, editorKeys } from './editor-api'
import { bodyOf, type EditorForm, emptyForm, formOf } from './editor-form'
import { EditorHead } from './editor-head'
import { ImagesSection } from './images-section'
import { MetaSection } from './meta-section'
import { OptionsSection } from './options-section'
import { PreviewSection } from './preview-section'
import { TextsSection } from './texts-section'
import './editor.css'

type Props = { product: AdminProduct | null; refs: AdminRefs }

/** A product just made (or copied): its page opens anew at its own address and still says so. */
let justCreated: { id: number; message: string } | null = null

/** Who saved the product last and when, as "Changed by Rina at 16:05" says it (Dhaka time). */
const changedBy = (product: AdminProduct) =>
  t('admin-editor.conflict', {
    name: product.updatedBy?.name || t('admin-editor.someone'),
    time: formatTime(product.updatedAt),
  })

/** The product editor's form: every section, one save with the version it was loaded at. */
/** How many shoppers wait for each of the product's sold-out skus, by sku id (docs/decisions/0040). */
function useWaitingBySku(productId: number | undefined): ReadonlyMap<number, number> {
  const waiting = useQuery({ ...waitingForStockQuery(productId), enabled: productId !== undefined })
  return useMemo(() => new Map((waiting.data ?? []).map((row) => [row.skuId, row.waiting])), [waiting.data])
}

export function ProductEditor({ product, refs }: Props) {
  const queryClient = useQueryClient()
  const waitingBySku = useWaitingBySku(product?.id)
  const navigate = useNavigate()
  const [saved, setSaved] = useState<AdminProduct | null>(product)
  const [form, setForm] = useState<EditorForm>(() =>
    product ? formOf(product) : emptyForm(refs.defaultVatPercent),
  )
  const [dirty, setDirty] = useState(false)
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [conflict, setConflict] = useState<string | null>(null)
  const [status, setStatus] = useState<string | null>(() => {
    // kept until the next save: the page may mount the editor more than once on its way
    return justCreated && justCreated.id === product?.id ? justCreated.message : null
  })

  const change = (next: EditorForm | ((form: EditorForm) => EditorForm)) => {
    setForm(next)
    setDirty(true)
    setStatus(null)
  }

  const blocker = useBlocker({
    shouldBlockFn: () => dirty,
    enableBeforeUnload: () => dirty,
    withResolver: true,
  })

  const save = useMutation({
    mutationFn: (draft: EditorForm) =>
      saved ? editorApi.update(saved.id, saved.version, bodyOf(draft)) : editorApi.create(bodyOf(draft)),
    meta: { silent: true },
    onMutate: () => {
      justCreated = null
      setProblem(null)
      setStatus(null)
    },
    onSuccess: (answer) => {
      const created = !saved
      setSaved(answer)
      setErrors({})
      setConflict(null)
      setDirty(false)
      setForm((current) => ({ ...current, slug: answer.slug, slugEdited: true, skus: formOf(answer).skus }))
      queryClient.setQueryData(editorKeys.product(answer.id), answer)
      void queryClient.invalidateQueries({ queryKey: editorKeys.products(), refetchType: 'none' })
      setStatus(t('admin-editor.saved', { version: figure(answer.version) }))
      if (created)
        void navigate({ ...adminLink(`products/${answer.id}`), replace: true, ignoreBlocker: true })
    },
    onError: async (error) => {
      if (!(error instanceof ApiRequestError)) {
        setProblem(t('common.failed'))
        return
      }
      if (error.status === 409 && error.fields.version && saved) {
        // who saved it since: the product as it is now (the form keeps what was typed)
        const current = await queryClient
          .fetchQuery({ ...editedProductQuery(saved.id), staleTime: 0 })
          .catch(() => null)
        setConflict(current ? changedBy(current) : error.message)
        return
      }
      setErrors(error.fields)
      setProblem(
        error.status === 400 ? t('admin-editor.fix-fields') : error.messages.join(' ') || error.message,
      )
    },
  })

  const reload = async () => {
    if (!saved) return
    const current = await queryClient.fetchQuery({ ...editedProductQuery(saved.id), staleTime: 0 })
    setSaved(current)
    setForm(formOf(current))
    setDirty(false)
    setConflict(null)
    setErrors({})
    setStatus(t('admin-editor.reloaded'))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(form)
  }

  const title = saved ? t('admin-editor.title-edit') : t('admin-editor.title-new')
  return (
    <div className="admin-page product-editor">
      <EditorHead
        saved={saved}
        title={title}
        dirty={dirty}
        changedBy={saved?.updatedBy ? changedBy(saved) : null}
        onCopied={(copy) => {
          justCreated = { id: copy.id, message: t('admin-editor.duplicated', { name: saved?.name ?? '' }) }
          void navigate(adminLink(`products/${copy.id}`))
        }}
      />
      <form className="product-editor__form" onSubmit={submit} noValidate>
        <TextsSection form={form} errors={errors} onChange={change} />
        <ClassificationSection
          form={form}
          refs={refs}
          errors={errors}
          onChange={change}
          formerSlugs={saved?.formerSlugs ?? []}
        />
        <ImagesSection form={form} errors={errors} onChange={change} />
        <OptionsSection form={form} errors={errors} onChange={change} waitingBySku={waitingBySku} />
        <MetaSection form={form} errors={errors} onChange={change} />
        <PreviewSection form={form} refs={refs} live={saved?.status === 'active' ? saved.slug : null} />
        <div className="product-editor__save">
          {conflict && (
            <div className="admin-notice product-editor__conflict" role="alert">
              <p>{t('admin-editor.conflict-reload', { changed: conflict })}</p>
              <button type="button" className="button button--ghost" onClick={() => void reload()}>
                {t('admin-editor.reload')}
              </button>
            </div>
          )}
          <FormAlert message={problem} />
          <LiveStatus message={status} />
          <button type="submit" className="button" disabled={save.isPending}>
            {save.isPending ? t('admin-editor.saving') : t('admin-editor.save')}
          </button>
        </div>
      </form>
      {blocker.status === 'blocked' && (
        <ConfirmDialog
          title={t('admin-editor.leave-title')}
          text={t('admin-editor.leave-text')}
          confirmLabel={t('admin-editor.leave')}
          danger
          busy={false}
          onConfirm={() => blocker.proceed()}
          onCancel={() => blocker.reset()}
        />
      )}
    </div>
  )
}
