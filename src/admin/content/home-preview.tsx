import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import type { MenuDocument } from '../../contract/menu'
import { HomePage } from '../../features/home'
import { t } from '../../i18n'
import { menuKeys } from '../../state/menu'

/**
 * The storefront's own home page, drawn from sections not yet published: its products are the shop's as
 * shoppers get them. Its links lead nowhere here (the preview is to look at, not to shop in).
 */
export function HomePreview({ document, day }: { document: MenuDocument; day: string }) {
  const [client] = useState(() => {
    const own = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
    })
    own.setQueryData(menuKeys.menu('home_page'), document)
    return own
  })
  const [width, setWidth] = useState<'phone' | 'computer'>('phone')
  return (
    <section className="admin-panel home-preview" aria-labelledby="home-preview-title">
      <h2 id="home-preview-title">
        {day ? t('admin-content.home-preview-on', { day }) : t('admin-content.home-preview-title')}
      </h2>
      <fieldset className="home-preview__widths">
        <legend className="visually-hidden">{t('admin-content.home-preview-width')}</legend>
        {(['phone', 'computer'] as const).map((option) => (
          <label key={option}>
            <input
              type="radio"
              name="home-preview-width"
              checked={width === option}
              onChange={() => setWidth(option)}
            />
            {option === 'phone'
              ? t('admin-content.home-preview-phone')
              : t('admin-content.home-preview-computer')}
          </label>
        ))}
      </fieldset>
      {document.menu.length === 0 && <p className="admin-status">{t('admin-content.home-preview-empty')}</p>}
      <div
        className={`home-preview__page home-preview__page--${width}`}
        onClickCapture={(event) => event.preventDefault()}
      >
        <QueryClientProvider client={client}>
          <HomePage />
        </QueryClientProvider>
      </div>
    </section>
  )
}
