/** Colour scheme (storefront §4): follows the stored preference, light by default. */
export type Theme = 'light' | 'dark'

export const THEME_STORAGE_KEY = 'haat-theme'

export function storedTheme(): Theme {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light'
  } catch {
    return 'light'
  }
}

export function applyTheme(theme: Theme) {
  const root = document.documentElement
  root.dataset.theme = theme
  root.style.colorScheme = theme
}

export function setTheme(theme: Theme) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme)
  } catch {
    // storage may be unavailable (private mode); the choice still applies to this page
  }
  applyTheme(theme)
}

export function toggleTheme(): Theme {
  const current = document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light'
  const next: Theme = current === 'dark' ? 'light' : 'dark'
  setTheme(next)
  return next
}
