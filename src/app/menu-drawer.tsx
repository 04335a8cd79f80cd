import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { t } from '../i18n'
import { menuHref } from '../lib/menu-href'
import { menuQuery } from '../state/menu'
import { setNavbarOpen, ui } from '../state/ui'
import { AppLink } from '../ui/app-link'
import { CloseIcon } from '../ui/icons'
import { LanguageSwitch } from './language-switch'

/** The main menu as a drawer on phones (opened by the header's menu button or the bottom bar). */
export function MenuDrawer() {
  const { navbarOpen } = useSnapshot(ui)
  const { data: items = [] } = useQuery(menuQuery('main_menu'))
  const close = () => setNavbarOpen(false)

  useEffect(() => {
    if (!navbarOpen) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setNavbarOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.querySelector<HTMLElement>('.menu-drawer__panel')?.focus()
    return () => document.removeEventListener('keydown', onKey)
  }, [navbarOpen])

  if (!navbarOpen) return null
  return (
    <div className="menu-drawer">
      <button
        type="button"
        className="menu-drawer__backdrop"
        aria-label={t('shell.close-menu')}
        tabIndex={-1}
        onClick={close}
      />
      <div
        className="menu-drawer__panel"
        role="dialog"
        aria-modal="true"
        aria-label={t('shell.menu')}
        tabIndex={-1}
      >
        <div className="menu-drawer__bar">
          <span className="menu-drawer__title">{t('shell.menu')}</span>
          <button type="button" className="icon-button" aria-label={t('shell.close-menu')} onClick={close}>
            <CloseIcon />
          </button>
        </div>
        <nav aria-label={t('shell.main-menu')}>
          <ul className="menu-drawer__list">
            {items.map((item) => (
              <li key={`${item.type}-${item.url}`}>
                <AppLink href={menuHref(item)} className="menu-drawer__link" onNavigate={close}>
                  {item.name}
                </AppLink>
                {item.submenu.length > 0 && (
                  <ul className="menu-drawer__sublist">
                    {item.submenu.map((child) => (
                      <li key={`${child.type}-${child.url}`}>
                        <AppLink href={menuHref(child)} className="menu-drawer__sublink" onNavigate={close}>
                          {child.name}
                        </AppLink>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="menu-drawer__settings">
          <LanguageSwitch />
        </div>
      </div>
    </div>
  )
}
