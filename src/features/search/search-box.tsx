import { Link, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { t } from '../../i18n'
import { mediaUrl, productImages } from '../../lib/media'
import { SearchIcon } from '../../ui/icons'
import { Price } from '../../ui/price'
import { isSearchable, SEARCH_BLUR_DELAY_MS } from './search-rule'
import { type Suggestions, useSearchSuggestions } from './use-search-suggestions'

type SearchBoxProps = {
  /** called after a successful submit or when a suggestion is chosen */
  onDone?: () => void
  autoFocus?: boolean
}

function SuggestionList({ suggestions, onChoose }: { suggestions: Suggestions; onChoose: () => void }) {
  if (suggestions.status === 'idle') return null
  if (suggestions.status === 'loading') {
    return (
      <ul className="search-dropdown__list" aria-label={t('catalog.suggestions-loading')}>
        {[0, 1, 2].map((row) => (
          <li key={row} className="search-dropdown__skeleton" aria-hidden="true">
            <span className="skeleton skeleton--thumb" />
            <span className="skeleton skeleton--line" />
          </li>
        ))}
      </ul>
    )
  }
  if (suggestions.status === 'error' || suggestions.products.length === 0) {
    return <p className="search-dropdown__empty">{t('catalog.no-products')}</p>
  }
  return (
    <ul className="search-dropdown__list">
      {suggestions.products.map((product) => {
        const image = productImages(product.thumbnail)[0]
        return (
          <li key={product.id}>
            <Link
              to="/product/$slug"
              params={{ slug: product.slug }}
              className="search-dropdown__item"
              onClick={onChoose}
            >
              {image ? (
                <img src={mediaUrl(image, 'xs')} alt="" width={48} height={48} loading="lazy" />
              ) : (
                <span className="search-dropdown__noimage" />
              )}
              <span className="search-dropdown__text">
                <span className="search-dropdown__name">{product.name}</span>
                <Price price={product.price} discountedPrice={product.discounted_price} />
              </span>
            </Link>
          </li>
        )
      })}
    </ul>
  )
}

/** The search box with its dropdown (storefront §2, §4, §5). */
export function SearchBox({ onDone, autoFocus = false }: SearchBoxProps) {
  const id = useId()
  const navigate = useNavigate()
  const [text, setText] = useState('')
  const [focused, setFocused] = useState(false)
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const suggestions = useSearchSuggestions(text)

  useEffect(() => () => clearTimeout(blurTimer.current), [])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const term = text.trim()
    if (!isSearchable(term)) return
    setText('')
    onDone?.()
    void navigate({ to: '/search', search: { text: term } })
  }
  const choose = () => {
    setText('')
    onDone?.()
  }
  const open = focused && isSearchable(text)

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form is the search landmark here, it submits
    <form role="search" className="search-box" onSubmit={submit}>
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {t('catalog.search-products')}
      </label>
      <input
        id={`${id}-input`}
        type="search"
        name="text"
        placeholder={t('catalog.search-products')}
        autoComplete="off"
        // biome-ignore lint/a11y/noAutofocus: the full-screen search overlay opens to type into
        autoFocus={autoFocus}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onFocus={() => {
          clearTimeout(blurTimer.current)
          setFocused(true)
        }}
        onBlur={() => {
          blurTimer.current = setTimeout(() => setFocused(false), SEARCH_BLUR_DELAY_MS)
        }}
      />
      <button type="submit" className="search-box__submit" aria-label={t('catalog.search')}>
        <SearchIcon />
      </button>
      {open && (
        <section className="search-dropdown" aria-label={t('catalog.suggestions')} aria-live="polite">
          <SuggestionList suggestions={suggestions} onChoose={choose} />
        </section>
      )}
    </form>
  )
}
