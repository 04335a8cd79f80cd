import { useEffect } from 'react'
import { t, useLanguage } from '../i18n'
import { shopName, useShop } from '../state/shop'

/** The browser tab (and a screen reader arriving on the page) names the back office page and the shop. */
export function useDocumentTitle(page: string) {
  const shop = shopName(useShop(), useLanguage())
  useEffect(() => {
    const previous = document.title
    document.title = t('admin.document-title', { page, shop })
    return () => {
      document.title = previous
    }
  }, [page, shop])
}
