import { useEffect } from 'react'
import { t } from '../i18n'

/** The browser tab (and a screen reader arriving on the page) names the back office page. */
export function useDocumentTitle(page: string) {
  useEffect(() => {
    const previous = document.title
    document.title = t('admin.document-title', { page })
    return () => {
      document.title = previous
    }
  }, [page])
}
