import { Link } from '@tanstack/react-router'
import { t, useLanguage } from '../i18n'
import { useShop } from '../state/shop'

/** The shop's logo and name as its owner set them; the built-in mark and "haat" until they are read. */
export function Logo() {
  const language = useLanguage()
  const shop = useShop()
  const name = shop?.name[language] ?? 'haat'
  return (
    <Link to="/" className="logo" aria-label={t('shell.logo', { name })}>
      {shop?.logo ? (
        <img className="logo__image" src={shop.logo} alt={name} height={32} />
      ) : (
        <span className="logo__mark" aria-hidden="true">
          h
        </span>
      )}
      <span className="logo__word">{name}</span>
    </Link>
  )
}
