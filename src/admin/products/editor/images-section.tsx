import { type ChangeEvent, type DragEvent, useRef, useState } from 'react'
import { MAX_PRODUCT_IMAGES } from '../../../contract/admin-product'
import { figure, t } from '../../../i18n'
import { mediaUrl } from '../../../lib/media'
import { Field } from '../../../ui/field'
import { formErrors } from '../../form-errors'
import { LiveStatus } from '../../form-parts'
import { uploadImage } from '../../image-field'
import { moved } from './editor-form'
import { errorOf, GroupError, type SectionProps } from './editor-parts'

type Upload = { id: number; name: string; state: 'waiting' | 'uploading' | 'done' | 'failed'; error?: string }

let uploadCount = 0

const uploadStates: Record<Upload['state'], () => string> = {
  waiting: () => t('admin-editor.upload-waiting'),
  uploading: () => t('admin-editor.upload-uploading'),
  done: () => t('admin-editor.upload-done'),
  failed: () => t('admin-editor.upload-failed'),
}

/**
 * The product's photos: several uploaded at once (each with its progress), put in order by dragging or
 * with the move buttons (the new place is announced), each with its alt text in both languages. The first
 * is the main photo.
 */
export function ImagesSection({ form, errors, onChange }: SectionProps) {
  const input = useRef<HTMLInputElement>(null)
  const [uploads, setUploads] = useState<Upload[]>([])
  const [announcement, setAnnouncement] = useState<string | null>(null)
  const [dragged, setDragged] = useState<number | null>(null)
  const room = MAX_PRODUCT_IMAGES - form.images.length

  const mark = (id: number, change: Partial<Upload>) =>
    setUploads((all) => all.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)))

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])].slice(0, Math.max(room, 0))
    event.target.value = ''
    const batch = files.map((file) => ({
      file,
      upload: { id: ++uploadCount, name: file.name, state: 'waiting' as const },
    }))
    setUploads((all) => [
      ...all.filter((upload) => upload.state !== 'done'),
      ...batch.map((item) => item.upload),
    ])
    for (const { file, upload } of batch) {
      mark(upload.id, { state: 'uploading' })
      try {
        const image = await uploadImage(file, 'product')
        onChange((current) =>
          current.images.some((kept) => kept.path === image.path)
            ? current
            : { ...current, images: [...current.images, { path: image.path, alt: '', altBn: '' }] },
        )
        mark(upload.id, { state: 'done' })
      } catch (failure) {
        const problem = formErrors(failure, ['file'])
        mark(upload.id, { state: 'failed', error: problem.fields.file ?? problem.form ?? '' })
      }
    }
    setAnnouncement(t('admin-editor.images-uploaded', { count: figure(batch.length) }))
  }

  const move = (from: number, to: number) => {
    if (to < 0 || to >= form.images.length) return
    onChange((current) => ({ ...current, images: moved(current.images, from, to) }))
    setAnnouncement(t('admin-editor.image-moved', { from: figure(from + 1), to: figure(to + 1) }))
  }

  const drop = (event: DragEvent, to: number) => {
    event.preventDefault()
    if (dragged !== null) move(dragged, to)
    setDragged(null)
  }

  const setAlt = (index: number, key: 'alt' | 'altBn', value: string) =>
    onChange((current) => ({
      ...current,
      images: current.images.map((image, at) => (at === index ? { ...image, [key]: value } : image)),
    }))

  return (
    <section className="admin-panel" aria-labelledby="editor-images">
      <h2 id="editor-images">{t('admin-editor.images')}</h2>
      <p className="product-editor__hint">
        {t('admin-editor.images-hint', { count: figure(MAX_PRODUCT_IMAGES) })}
      </p>
      <input
        ref={input}
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp"
        className="visually-hidden"
        aria-label={t('admin-editor.images-add')}
        tabIndex={-1}
        onChange={(event) => void choose(event)}
      />
      <button type="button" className="button" disabled={room <= 0} onClick={() => input.current?.click()}>
        {t('admin-editor.images-add')}
      </button>
      {uploads.length > 0 && (
        <ul className="product-editor__uploads" aria-label={t('admin-editor.uploads')}>
          {uploads.map((upload) => (
            <li key={upload.id}>
              <span className="product-editor__upload-name">{upload.name}</span>
              {upload.state === 'uploading' || upload.state === 'waiting' ? (
                <progress aria-label={t('admin-editor.uploading', { name: upload.name })} />
              ) : null}
              <span>{uploadStates[upload.state]()}</span>
              {upload.error && <span className="auth-error">{upload.error}</span>}
            </li>
          ))}
        </ul>
      )}
      <GroupError message={errorOf(errors, 'images')} />
      <ol className="product-editor__images">
        {form.images.map((image, index) => (
          <li
            key={image.path}
            className="product-editor__image"
            draggable
            data-dragging={dragged === index || undefined}
            onDragStart={() => setDragged(index)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => drop(event, index)}
            onDragEnd={() => setDragged(null)}
          >
            <img src={mediaUrl(image.path, 'xs')} alt="" width={80} height={100} />
            <div className="product-editor__image-body">
              <p className="product-editor__image-place">
                {index === 0
                  ? t('admin-editor.image-main')
                  : t('admin-editor.image-number', { number: figure(index + 1) })}
              </p>
              <Field
                label={t('admin-editor.image-alt')}
                lang="en"
                value={image.alt}
                maxLength={300}
                error={errorOf(errors, `images.${index}.alt`)}
                onChange={(event) => setAlt(index, 'alt', event.target.value)}
              />
              <Field
                label={t('admin-editor.image-alt-bn')}
                lang="bn"
                value={image.altBn}
                maxLength={300}
                error={errorOf(errors, `images.${index}.altBn`)}
                onChange={(event) => setAlt(index, 'altBn', event.target.value)}
              />
              <GroupError message={errorOf(errors, `images.${index}.path`)} />
              <div className="admin-actions">
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                  aria-label={t('admin-editor.image-up', { number: figure(index + 1) })}
                >
                  {t('admin-editor.up')}
                </button>
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={index === form.images.length - 1}
                  onClick={() => move(index, index + 1)}
                  aria-label={t('admin-editor.image-down', { number: figure(index + 1) })}
                >
                  {t('admin-editor.down')}
                </button>
                {index > 0 && (
                  <button
                    type="button"
                    className="button button--ghost"
                    onClick={() => {
                      move(index, 0)
                      setAnnouncement(t('admin-editor.image-now-main', { number: figure(index + 1) }))
                    }}
                  >
                    {t('admin-editor.image-set-main')}
                  </button>
                )}
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={t('admin-editor.image-remove', { number: figure(index + 1) })}
                  onClick={() => {
                    onChange((current) => ({
                      ...current,
                      images: current.images.filter((kept) => kept.path !== image.path),
                    }))
                    setAnnouncement(t('admin-editor.image-removed', { number: figure(index + 1) }))
                  }}
                >
                  {t('admin-editor.remove')}
                </button>
              </div>
            </div>
          </li>
        ))}
      </ol>
      <LiveStatus message={announcement} />
    </section>
  )
}
