import { Link } from '@tanstack/react-router'
import { t } from '../i18n'

export function NotFoundPage() {
  return (
    <section className="status-page">
      <h1>{t('shell.not-found-title')}</h1>
      <p>{t('shell.not-found-text')}</p>
      <Link to="/" className="button">
        {t('shell.back-to-shop')}
      </Link>
    </section>
  )
}
