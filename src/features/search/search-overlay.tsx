import { useEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import { t } from '../../i18n'
import { setSearchOverlay, ui } from '../../state/ui'
import { CloseIcon } from '../../ui/icons'
import { SearchBox } from './search-box'
import { SEARCH_OVERLAY_CLOSE_MS } from './search-rule'

/** Full-screen search on phones; closing plays a 300 ms animation before it goes away. */
export function SearchOverlay() {
  const { searchOverlayOpen } = useSnapshot(ui)
  const [closing, setClosing] = useState(false)

  useEffect(() => {
    if (!closing) return
    const timer = setTimeout(() => {
      setSearchOverlay(false)
      setClosing(false)
    }, SEARCH_OVERLAY_CLOSE_MS)
    return () => clearTimeout(timer)
  }, [closing])

  useEffect(() => {
    if (!searchOverlayOpen) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setClosing(true)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [searchOverlayOpen])

  if (!searchOverlayOpen) return null
  return (
    <div
      className={`search-overlay${closing ? ' search-overlay--closing' : ''}`}
      role="dialog"
      aria-modal="true"
      aria-label={t('catalog.search')}
    >
      <div className="search-overlay__bar">
        <SearchBox autoFocus onDone={() => setClosing(true)} />
        <button
          type="button"
          className="icon-button"
          aria-label={t('catalog.close-search')}
          onClick={() => setClosing(true)}
        >
          <CloseIcon />
        </button>
      </div>
    </div>
  )
}
