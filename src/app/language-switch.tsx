import { chooseLanguage, type Language, t, useLanguage } from '../i18n'
import { toast } from '../lib/toast'

/** The other language, named in itself ("বাংলা" on English pages, "English" on Bangla ones). */
const other: Record<Language, { language: Language; name: string }> = {
  en: { language: 'bn', name: 'বাংলা' },
  bn: { language: 'en', name: 'English' },
}

/** One tap switches every page to the other language; later visits start in it. */
export function LanguageSwitch() {
  const { language, name } = other[useLanguage()]
  const choose = () =>
    chooseLanguage(language).catch(() => {
      // offline before this language was ever loaded on this device: its words are not here yet
      toast.error(t('shell.language-unavailable'))
    })
  return (
    <button type="button" className="language-switch" lang={language} onClick={() => void choose()}>
      {name}
    </button>
  )
}
