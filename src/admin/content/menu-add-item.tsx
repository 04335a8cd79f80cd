import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { MENU_NAME_MAX, safeMenuUrl } from '../../contract/admin-content'
import type { menuTypes } from '../../contract/menu'
import { t } from '../../i18n'
import { Field } from '../../ui/field'
import { SelectField } from '../form-parts'
import { pageListQuery, pickerRefsQuery } from './content-api'
import type { MenuRow } from './menu-rows'

type ItemType = (typeof menuTypes)[number]
type Target = { slug: string; name: string; nameBn: string }

const TYPES: ItemType[] = ['category', 'brand', 'campaign', 'page', 'custom']
export const typeLabel = (type: string) =>
  type === 'category'
    ? t('admin-content.type-category')
    : type === 'brand'
      ? t('admin-content.type-brand')
      : type === 'campaign'
        ? t('admin-content.type-campaign')
        : type === 'page'
          ? t('admin-content.type-page')
          : t('admin-content.type-custom')

/** What an item of this type may point at: the catalogue's refs, the shop's pages. */
function useTargets(type: ItemType): Target[] | undefined {
  const refs = useQuery({ ...pickerRefsQuery, enabled: type !== 'page' && type !== 'custom' })
  const pages = useQuery({ ...pageListQuery, enabled: type === 'page' })
  if (type === 'custom') return []
  if (type === 'page')
    return pages.data?.map((page) => ({ slug: page.slug, name: page.title, nameBn: page.titleBn }))
  const list =
    type === 'category' ? refs.data?.categories : type === 'brand' ? refs.data?.brands : refs.data?.campaigns
  return list?.map(({ slug, name, nameBn }) => ({ slug, name, nameBn }))
}

/** Adds an item: its type, then what it opens (picked, or an address for a custom item), then its names. */
export function MenuAddItem({ onAdd }: { onAdd: (row: Omit<MenuRow, 'key'>) => void }) {
  const [type, setType] = useState<ItemType>('category')
  const [slug, setSlug] = useState('')
  const [name, setName] = useState('')
  const [nameBn, setNameBn] = useState('')
  const [error, setError] = useState<string | null>(null)
  const targets = useTargets(type)

  const pick = (value: string) => {
    setSlug(value)
    const target = targets?.find((candidate) => candidate.slug === value)
    if (target) {
      setName(target.name.slice(0, MENU_NAME_MAX))
      setNameBn(target.nameBn.slice(0, MENU_NAME_MAX))
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const url = slug.trim()
    if (!url) return setError(t('admin-content.choose-target'))
    if (type === 'custom' && !safeMenuUrl(url)) return setError(t('admin-content.custom-url-rule'))
    if (!name.trim()) return setError(t('admin-content.give-name'))
    onAdd({ type, url, name: name.trim(), nameBn: nameBn.trim() || undefined, depth: 0 })
    setSlug('')
    setName('')
    setNameBn('')
    setError(null)
  }

  return (
    <form className="admin-form-grid content-add" onSubmit={submit} noValidate>
      <SelectField
        label={t('admin-content.item-type')}
        value={type}
        onChange={(event) => {
          setType(event.target.value as ItemType)
          setSlug('')
        }}
      >
        {TYPES.map((value) => (
          <option key={value} value={value}>
            {typeLabel(value)}
          </option>
        ))}
      </SelectField>
      {type === 'custom' ? (
        <Field
          label={t('admin-content.custom-url')}
          value={slug}
          onChange={(event) => setSlug(event.target.value)}
          placeholder="https://… /…"
          maxLength={500}
        />
      ) : (
        <SelectField
          label={t('admin-content.item-target')}
          value={slug}
          onChange={(event) => pick(event.target.value)}
        >
          <option value="">{targets ? t('admin-content.choose') : t('admin-content.loading')}</option>
          {targets?.map((target) => (
            <option key={target.slug} value={target.slug}>
              {target.name}
            </option>
          ))}
        </SelectField>
      )}
      <Field
        label={t('admin-content.name-en')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        maxLength={MENU_NAME_MAX}
      />
      <Field
        label={t('admin-content.name-bn')}
        value={nameBn}
        onChange={(event) => setNameBn(event.target.value)}
        maxLength={MENU_NAME_MAX}
        lang="bn"
      />
      {error && (
        <p className="auth-error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-form-grid__end">
        <button type="submit" className="button">
          {t('admin-content.add-item')}
        </button>
      </div>
    </form>
  )
}
