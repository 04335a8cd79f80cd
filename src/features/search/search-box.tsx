import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { t } from '../../i18n'
import { SearchIcon } from '../../ui/icons'
import { isSearchable, SEARCH_BLUR_DELAY_MS } from './search-rule'
import { useSearchSuggestions } from './use-search-suggestions'

type SuggestionListView = typeof import('./search-suggestions').default
/**
 * The dropdown's code loads when a box is first focused, never on a first visit's page load. It shows once it
 * is here (a plain state change: no Suspense, whose reveal waits on a timer).
 */
let loadedList: SuggestionListView | null = null
const loadSuggestions = () =>
  import('./search-suggestions').then((module) => {
    loadedList = module.default
    return module.default
  })

type SearchBoxProps = {
  /** called after a successful submit or when a suggestion is chosen */
  onDone?: () => void
  autoFocus?: boolean
}

/** The search box with its dropdown (storefront §2, §4, §5). */
export function SearchBox({ onDone, autoFocus = false }: SearchBoxProps) {
  const id = useId()
  const navigate = useNavigate()
  const [text, setText] = useState('')
  const [focused, setFocused] = useState(false)
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const suggestions = useSearchSuggestions(text)
  const [SuggestionList, setSuggestionList] = useState<SuggestionListView | null>(() => loadedList)

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
          if (!SuggestionList) void loadSuggestions().then((list) => setSuggestionList(() => list))
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
          {SuggestionList && <SuggestionList suggestions={suggestions} onChoose={choose} />}
        </section>
      )}
    </form>
  )
}
