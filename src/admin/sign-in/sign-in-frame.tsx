import { type ReactNode, useId } from 'react'
import { t, useLanguage } from '../../i18n'
import { builtInShop } from '../../lib/shop'
import { useShop } from '../../state/shop'
import { ThemeToggle } from '../../ui/theme-toggle'
import { useDocumentTitle } from '../document-title'

type SignInFrameProps = { title: string; languageSwitch: ReactNode; children: ReactNode }

/** The pages before a session: the shop's name, the language and colour switches, one card. */
export function SignInFrame({ title, languageSwitch, children }: SignInFrameProps) {
  const titleId = useId()
  const language = useLanguage()
  const shopName = useShop()?.name[language] ?? builtInShop.names[language]
  useDocumentTitle(title)
  return (
    <div className="admin admin-signin">
      <header className="admin-bar">
        <span className="admin-brand">
          {shopName} <span className="admin-brand__area">{t('admin.back-office')}</span>
        </span>
        <div className="admin-bar__tools">
          {languageSwitch}
          <ThemeToggle />
        </div>
      </header>
      <main id="admin-main" className="admin-signin__main" tabIndex={-1}>
        <section className="admin-card" aria-labelledby={titleId}>
          <h1 id={titleId}>{title}</h1>
          {children}
        </section>
      </main>
    </div>
  )
}
