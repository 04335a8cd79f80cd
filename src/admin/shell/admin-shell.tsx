import { Link } from '@tanstack/react-router'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import type { StaffMember } from '../../contract/staff'
import { t, useLanguage } from '../../i18n'
import { builtInShop } from '../../lib/shop'
import { useShop } from '../../state/shop'
import { ThemeToggle } from '../../ui/theme-toggle'
import { useDocumentTitle } from '../document-title'
import { adminLink } from '../links'
import { roleName, staffName } from '../roles'
import type { Section } from '../sections'

type AdminShellProps = {
  staff: StaffMember
  /** the sections this person may open (none while they must first choose a password) */
  sections: readonly Section[]
  current: Section | null
  languageSwitch: ReactNode
  onSignOut: () => void
  children: ReactNode
}

/**
 * The signed-in frame: the shop's name, who is signed in and as what, the language and colour switches and
 * signing out; the sections as a sidebar on a desktop and as a compact menu on a phone.
 */
export function AdminShell({
  staff,
  sections,
  current,
  languageSwitch,
  onSignOut,
  children,
}: AdminShellProps) {
  const [menuOpen, setMenuOpen] = useState(false)
  const language = useLanguage()
  const shopName = useShop()?.name[language] ?? builtInShop.names[language]
  const menuButton = useRef<HTMLButtonElement>(null)
  const main = useRef<HTMLElement>(null)
  const shown = useRef(current)
  useDocumentTitle(current ? t(current.label) : t('admin.back-office'))

  // a new section takes the focus to the page, so a screen reader starts reading there
  useEffect(() => {
    if (shown.current === current) return
    shown.current = current
    main.current?.focus()
  }, [current])

  const closeMenu = (returnFocus: boolean) => {
    setMenuOpen(false)
    if (returnFocus) menuButton.current?.focus()
  }
  const tools = (where: 'bar' | 'menu') => (
    <div className={`admin-tools admin-tools--${where}`}>
      <p className="admin-who">
        <span className="admin-who__name">{staffName(staff)}</span>
        <span className="admin-who__role">{roleName(staff.role)}</span>
      </p>
      <div className="admin-tools__buttons">
        {languageSwitch}
        <ThemeToggle />
        <button type="button" className="button button--ghost button--small" onClick={onSignOut}>
          {t('admin.sign-out')}
        </button>
      </div>
    </div>
  )

  return (
    <div className="admin admin-layout">
      <a href="#admin-main" className="skip-link">
        {t('admin.skip')}
      </a>
      <header className="admin-bar">
        <Link {...adminLink('')} className="admin-brand">
          {shopName} <span className="admin-brand__area">{t('admin.back-office')}</span>
        </Link>
        {tools('bar')}
        <button
          ref={menuButton}
          type="button"
          className="icon-button admin-menu-button"
          aria-expanded={menuOpen}
          aria-controls="admin-nav"
          aria-label={t('admin.menu')}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" fill="none" aria-hidden="true" focusable="false">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
      </header>
      <div className="admin-body">
        <nav
          id="admin-nav"
          className="admin-nav"
          data-open={menuOpen}
          aria-label={t('admin.navigation')}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && menuOpen) closeMenu(true)
          }}
        >
          {sections.length > 0 && (
            <ul className="admin-nav__list">
              {sections.map((section) => (
                <li key={section.id}>
                  <Link
                    {...adminLink(section.path)}
                    className="admin-nav__link"
                    // the router marks the link of this page with aria-current="page"
                    activeOptions={{ exact: true, includeSearch: false }}
                    onClick={() => closeMenu(false)}
                  >
                    {t(section.label)}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {tools('menu')}
        </nav>
        <main id="admin-main" ref={main} className="admin-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  )
}
