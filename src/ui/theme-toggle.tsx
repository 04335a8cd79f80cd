import { useState } from 'react'
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
      aria-label="Dark mode"
      aria-pressed={dark}
      onClick={() => setThemeState(toggleTheme())}
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </button>
  )
}
