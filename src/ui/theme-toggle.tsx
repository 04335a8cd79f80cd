import { useState } from 'react'
import { t } from '../i18n'
import { storedTheme, type Theme, toggleTheme } from '../lib/theme'
import { MoonIcon, SunIcon } from './icons'

export function ThemeToggle() {
  const [theme, setThemeState] = useState<Theme>(
    () => (document.documentElement.dataset.theme as Theme | undefined) ?? storedTheme(),
  )
  const dark = theme === 'dark'
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={t('shell.dark-mode')}
      aria-pressed={dark}
      onClick={() => setThemeState(toggleTheme())}
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </button>
  )
}
