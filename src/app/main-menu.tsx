import { useQuery } from '@tanstack/react-query'
import { type KeyboardEvent, useId, useState } from 'react'
import type { MenuItem } from '../contract/menu'
import { t } from '../i18n'
import { menuHref } from '../lib/menu-href'
import { menuQuery } from '../state/menu'
import { AppLink } from '../ui/app-link'
import { ChevronIcon } from '../ui/icons'

function MenuEntry({ item }: { item: MenuItem }) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const hasSubmenu = item.submenu.length > 0
  const done = () => {
    setOpen(false)
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key === 'Escape' && open) {
      setOpen(false)
      event.currentTarget.querySelector<HTMLButtonElement>('.main-menu__toggle')?.focus()
    }
  }
  return (
    <li
      className={`main-menu__item${hasSubmenu ? ' main-menu__item--parent' : ''}${open ? ' is-open' : ''}`}
      onKeyDown={onKeyDown}
      onMouseLeave={() => setOpen(false)}
    >
      <AppLink href={menuHref(item)} className="main-menu__link" onNavigate={done}>
        {item.name}
      </AppLink>
      {hasSubmenu && (
        <>
          <button
            type="button"
            className="main-menu__toggle"
            aria-expanded={open}
            aria-controls={id}
            aria-label={t('shell.submenu', { name: item.name })}
            onClick={() => setOpen(!open)}
          >
            <ChevronIcon />
          </button>
          <ul id={id} className="main-menu__submenu">
            {item.submenu.map((child) => (
              <li key={`${child.type}-${child.url}`}>
                <AppLink href={menuHref(child)} className="main-menu__sublink" onNavigate={done}>
                  {child.name}
                </AppLink>
              </li>
            ))}
          </ul>
        </>
      )}
    </li>
  )
}

/** The desktop main menu from main_menu.json, with one level of dropdown submenus. */
export function MainMenu() {
  const { data: items = [], isSuccess } = useQuery(menuQuery('main_menu'))
  // its row keeps room for one line of links until the menu is known to be empty (src/styles/shell.css)
  const empty = isSuccess && items.length === 0
  return (
    <nav className={`main-menu${empty ? ' main-menu--empty' : ''}`} aria-label={t('shell.main-menu')}>
      <ul className="main-menu__list">
        {items.map((item) => (
          <MenuEntry key={`${item.type}-${item.url}`} item={item} />
        ))}
      </ul>
    </nav>
  )
}
