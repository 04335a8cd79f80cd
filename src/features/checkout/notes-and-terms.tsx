import { t } from '../../i18n'

type Props = {
  notes: string
  onNotesChange: (notes: string) => void
  terms: boolean
  onTermsChange: (accepted: boolean) => void
  termsError: string | undefined
}

/** Notes for the delivery and the terms box the order needs ticked. */
export function NotesAndTerms({ notes, onNotesChange, terms, onTermsChange, termsError }: Props) {
  return (
    <div className="form-card">
      <div className="field">
        <label htmlFor="order-notes">{t('checkout.notes')}</label>
        <textarea
          id="order-notes"
          rows={3}
          maxLength={500}
          value={notes}
          onChange={(e) => onNotesChange(e.target.value)}
        />
      </div>
      <label className="check">
        <input type="checkbox" checked={terms} onChange={(e) => onTermsChange(e.target.checked)} />
        <span>{t('checkout.terms')}</span>
      </label>
      {termsError && <p className="field-error">{termsError}</p>}
    </div>
  )
}
