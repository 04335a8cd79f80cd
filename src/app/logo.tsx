import { Link } from '@tanstack/react-router'
import { t } from '../i18n'

export function Logo() {
  return (
    <Link to="/" className="logo" aria-label={t('shell.logo')}>
      <span className="logo__mark" aria-hidden="true">
        h
      </span>
      <span className="logo__word">haat</span>
    </Link>
  )
}
