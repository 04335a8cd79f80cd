import {
  HOME_MAX_PRODUCTS,
  HOME_MAX_SLIDES,
  type HomeSectionEdit,
  type HomeSectionType,
  type HomeSlideEdit,
} from '../../contract/admin-content'
import type { AdminRefs } from '../../contract/admin-refs'
import { figure, t } from '../../i18n'
import { Field } from '../../ui/field'
import { SelectField } from '../form-parts'
import { ImageField } from '../image-field'
import { ProductPicker } from '../product-picker'
import { moved, RowMoves } from '../row-moves'

/** What each kind of section is called in the editor. */
export function sectionTypeName(type: HomeSectionType): string {
  switch (type) {
    case 'banner':
      return t('admin-content.home-type-banner')
    case 'campaign':
      return t('admin-content.home-type-campaign')
    case 'category':
      return t('admin-content.home-type-category')
    case 'brand':
      return t('admin-content.home-type-brand')
    case 'products':
      return t('admin-content.home-type-products')
  }
}

/** A new section of a kind, empty until the owner fills it. */
export function emptySection(type: HomeSectionType): HomeSectionEdit {
  return { type, slug: '', products: [], slides: type === 'banner' ? [emptySlide()] : [] }
}

const emptySlide = (): HomeSlideEdit => ({ image: '', imageBn: '', link: '/', alt: '', altBn: '' })

type CardProps = {
  section: HomeSectionEdit
  /** the section's place, for its fields' names (`sections.2.slug`) */
  index: number
  refs: AdminRefs | undefined
  onChange: (section: HomeSectionEdit) => void
  errorOf: (field: string) => string | null
}

/** One section's fields: what it shows, its heading in both languages, and the days it is shown. */
export function HomeSectionFields({ section, index, refs, onChange, errorOf }: CardProps) {
  const at = `sections.${index}`
  const patch = (change: Partial<HomeSectionEdit>) => onChange({ ...section, ...change })
  const kind = sectionTypeName(section.type)
  return (
    <>
      {(section.type === 'campaign' || section.type === 'category' || section.type === 'brand') && (
        <TargetField
          section={section}
          refs={refs}
          onChange={(slug) => patch({ slug })}
          error={errorOf(`${at}.slug`)}
        />
      )}
      {section.type === 'banner' ? (
        <SlidesField
          slides={section.slides}
          at={at}
          onChange={(slides) => patch({ slides })}
          errorOf={errorOf}
        />
      ) : (
        <div className="home-section-card__names">
          <Field
            label={t('admin-content.home-heading', { kind })}
            value={section.name ?? ''}
            maxLength={60}
            onChange={(event) => patch({ name: event.target.value })}
            error={errorOf(`${at}.name`)}
          />
          <Field
            label={t('admin-content.home-heading-bn', { kind })}
            value={section.nameBn ?? ''}
            maxLength={60}
            lang="bn"
            onChange={(event) => patch({ nameBn: event.target.value })}
            error={errorOf(`${at}.nameBn`)}
          />
        </div>
      )}
      {section.type === 'products' && (
        <ProductPicker
          ids={section.products}
          max={HOME_MAX_PRODUCTS}
          onChange={(products) => patch({ products })}
          error={errorOf(`${at}.products`)}
        />
      )}
      <div className="home-section-card__days">
        <Field
          type="date"
          label={t('admin-content.home-starts-on', { kind })}
          value={section.startsOn ?? ''}
          onChange={(event) => patch({ startsOn: event.target.value || undefined })}
          error={errorOf(`${at}.startsOn`)}
        />
        <Field
          type="date"
          label={t('admin-content.home-ends-on', { kind })}
          value={section.endsOn ?? ''}
          onChange={(event) => patch({ endsOn: event.target.value || undefined })}
          error={errorOf(`${at}.endsOn`)}
        />
      </div>
    </>
  )
}

/** The campaign, category (any level: a subcategory shows under its parent) or brand a row shows. */
function TargetField({
  section,
  refs,
  onChange,
  error,
}: {
  section: HomeSectionEdit
  refs: AdminRefs | undefined
  onChange: (slug: string) => void
  error: string | null
}) {
  const options = !refs
    ? []
    : section.type === 'campaign'
      ? refs.campaigns.map((c) => ({ slug: c.slug, name: c.name }))
      : section.type === 'brand'
        ? refs.brands.map((b) => ({ slug: b.slug, name: b.name }))
        : refs.categories.map((c) => {
            const parent = refs.categories.find((p) => p.id === c.parentId)
            return { slug: c.slug, name: parent ? `${parent.name} › ${c.name}` : c.name }
          })
  const known = options.some((option) => option.slug === section.slug)
  return (
    <SelectField
      label={sectionTypeName(section.type)}
      value={section.slug}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    >
      <option value="">{t('admin-content.choose')}</option>
      {!known && section.slug && <option value={section.slug}>{section.name ?? section.slug}</option>}
      {options.map((option) => (
        <option key={option.slug} value={option.slug}>
          {option.name}
        </option>
      ))}
    </SelectField>
  )
}

/** A banner's pictures, in order: each with its Bangla picture, the address it opens and what it shows. */
function SlidesField({
  slides,
  at,
  onChange,
  errorOf,
}: {
  slides: HomeSlideEdit[]
  at: string
  onChange: (slides: HomeSlideEdit[]) => void
  errorOf: (field: string) => string | null
}) {
  const set = (index: number, change: Partial<HomeSlideEdit>) =>
    onChange(slides.map((slide, i) => (i === index ? { ...slide, ...change } : slide)))
  return (
    <div className="home-slides">
      <p className="admin-status">{errorOf(`${at}.slides`) ?? t('admin-content.home-slides-help')}</p>
      <ol className="home-slides__list">
        {slides.map((slide, index) => {
          const number = figure(index + 1)
          const field = `${at}.slides.${index}`
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a picture has no identity but its place
            <li key={index} className="home-slide">
              <h4>{t('admin-content.home-slide', { number })}</h4>
              <ImageField
                label={t('admin-content.home-slide-image', { number })}
                use="campaign"
                value={slide.image}
                onChange={(image) => set(index, { image })}
                error={errorOf(`${field}.image`)}
              />
              <ImageField
                label={t('admin-content.home-slide-image-bn', { number })}
                use="campaign"
                value={slide.imageBn}
                onChange={(imageBn) => set(index, { imageBn })}
                error={errorOf(`${field}.imageBn`)}
              />
              <Field
                label={t('admin-content.home-slide-link', { number })}
                value={slide.link}
                maxLength={500}
                onChange={(event) => set(index, { link: event.target.value })}
                error={errorOf(`${field}.link`)}
              />
              <Field
                label={t('admin-content.home-slide-alt', { number })}
                value={slide.alt}
                maxLength={60}
                onChange={(event) => set(index, { alt: event.target.value })}
                error={errorOf(`${field}.alt`)}
              />
              <Field
                label={t('admin-content.home-slide-alt-bn', { number })}
                value={slide.altBn}
                maxLength={60}
                lang="bn"
                onChange={(event) => set(index, { altBn: event.target.value })}
                error={errorOf(`${field}.altBn`)}
              />
              <RowMoves
                index={index}
                count={slides.length}
                label={t('admin-content.home-slide', { number })}
                onMove={(to) => onChange(moved(slides, index, to))}
                onRemove={() => onChange(slides.filter((_, i) => i !== index))}
              />
            </li>
          )
        })}
      </ol>
      {slides.length < HOME_MAX_SLIDES && (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => onChange([...slides, emptySlide()])}
        >
          {t('admin-content.home-add-slide')}
        </button>
      )}
    </div>
  )
}
