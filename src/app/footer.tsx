import { useQuery } from '@tanstack/react-query'
import type { MenuItem } from '../contract/menu'
import { chooseLatinDigits, figure, prefersLatinDigits, t, useLanguage } from '../i18n'
import { menuHref } from '../lib/menu-href'
import { builtInShop, telHref } from '../lib/shop'
import { builtInContact } from '../lib/shop-contact'
import { menuQuery } from '../state/menu'
import { shopName, useShop } from '../state/shop'
import { AppLink } from '../ui/app-link'
import { splitFooterMenu } from './footer-columns'

function LinkColumn({ items, label }: { items: MenuItem[]; label: string }) {
  if (!items.length) return null
  return (
    <ul className="site-footer__links" aria-label={label}>
      {items.map((item) => (
        <li key={`${item.type}-${item.url}`}>
          <AppLink href={menuHref(item)}>{item.name}</AppLink>
        </li>
      ))}
    </ul>
  )
}

/** the methods checkout takes, by their logos' names */
const paymentName = (method: string) =>
  method === 'bkash'
    ? t('footer.pay-bkash')
    : method === 'cod'
      ? t('footer.pay-cod')
      : method === 'transfer'
        ? t('footer.pay-transfer')
        : method

export function Footer() {
  const { data: items = [] } = useQuery(menuQuery('footer_menu'))
  const [first, rest] = splitFooterMenu(items)
  const language = useLanguage()
  const saved = useShop()
  const shop = saved ?? { ...builtInShop, ...builtInContact }
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t('footer.contact')}</h2>
          <address>
            <p>{saved?.address[language] ?? t('footer.address')}</p>
            <p>
              {shop.phones.map((phone, index) => (
                <span key={phone}>
                  {index > 0 && ', '}
                  <a href={telHref(phone)}>{phone}</a>
                </span>
              ))}
            </p>
            <p>
              <a href={`mailto:${shop.email}`}>{shop.email}</a>
            </p>
          </address>
          <p className="site-footer__hours">
            <strong>{t('footer.hours-label')}</strong> {saved?.hours[language] ?? t('footer.hours')}
          </p>
        </section>
        <section aria-labelledby="footer-info">
          <h2 id="footer-info">{t('footer.information')}</h2>
          <div className="site-footer__columns">
            <LinkColumn items={first} label={t('footer.information')} />
            <LinkColumn items={rest} label={t('footer.more-information')} />
          </div>
        </section>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social">{t('footer.follow')}</h2>
          <ul className="site-footer__social">
            {shop.social.map((link) => (
              <li key={link.name}>
                <a href={link.url} rel="noopener" target="_blank">
                  {link.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-pay">
          <h2 id="footer-pay">{t('footer.we-accept')}</h2>
          <ul className="site-footer__payments">
            {(shop.payments ?? builtInShop.payments).map((method) => (
              <li key={method}>
                <img
                  src={`/payments/${method}.svg`}
                  width={88}
                  height={48}
                  loading="lazy"
                  alt={paymentName(method)}
                />
              </li>
            ))}
          </ul>
        </section>
      </div>
      {language === 'bn' && (
        <p className="site-footer__digits container">
          <label>
            <input
              type="checkbox"
              checked={prefersLatinDigits()}
              onChange={(event) => chooseLatinDigits(event.target.checked)}
            />{' '}
            {t('footer.latin-digits')}
          </label>
        </p>
      )}
      <p className="site-footer__legal container">
        {t('footer.legal', { year: figure(new Date().getFullYear()), shop: shopName(saved, language) })}
      </p>
    </footer>
  )
}
