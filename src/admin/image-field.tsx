import { type ChangeEvent, useId, useRef, useState } from 'react'
import { type AdminImage, adminImageAnswer, type ImageUse } from '../contract/admin-images'
import { t } from '../i18n'
import { mediaUrl } from '../lib/media'
import { adminUpload } from './admin-api'
import { formErrors } from './form-errors'

/** Uploads one image for a use (src/contract/admin-images.ts): what the server kept, re-encoded. */
export async function uploadImage(file: File, use: ImageUse): Promise<AdminImage> {
  const form = new FormData()
  form.append('file', file)
  const answer = await adminUpload(`/admin/images?for=${use}`, form, adminImageAnswer)
  return answer.data
}

type ImageFieldProps = {
  label: string
  use: ImageUse
  /** the image's media path, or '' for none */
  value: string
  onChange: (path: string) => void
  /** the server's message for this field */
  error?: string | null
}

/**
 * One image (a logo, a banner): its preview, a button to choose a file (uploaded at once) and one to take
 * it away. For a product's several photos, see the product editor's gallery.
 */
export function ImageField({ label, use, value, onChange, error }: ImageFieldProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const shown = problem ?? error ?? null

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    setBusy(true)
    setProblem(null)
    try {
      onChange((await uploadImage(file, use)).path)
    } catch (failure) {
      const errors = formErrors(failure, ['file'])
      setProblem(errors.fields.file ?? errors.form)
    } finally {
      setBusy(false)
    }
  }

  return (
    <fieldset className="admin-image-field" aria-describedby={shown ? `${id}-error` : undefined}>
      <legend>{label}</legend>
      {value ? (
        <img src={mediaUrl(value, 'xs')} alt="" className="admin-image-field__preview" />
      ) : (
        <p className="admin-image-field__none">{t('admin.image-none')}</p>
      )}
      <div className="admin-image-field__actions">
        <input
          ref={input}
          id={`${id}-file`}
          aria-label={label}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="visually-hidden"
          onChange={(event) => void choose(event)}
        />
        <button type="button" className="button" disabled={busy} onClick={() => input.current?.click()}>
          {busy ? t('admin.image-uploading') : value ? t('admin.image-replace') : t('admin.image-upload')}
        </button>
        {value && (
          <button type="button" className="button button--ghost" disabled={busy} onClick={() => onChange('')}>
            {t('admin.image-remove')}
          </button>
        )}
      </div>
      {shown && (
        <p id={`${id}-error`} className="auth-error" role="alert">
          {shown}
        </p>
      )}
    </fieldset>
  )
}
