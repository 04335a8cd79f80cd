import { t } from '../i18n'
import { Popup } from '../ui/popup'

type ConfirmDialogProps = {
  title: string
  text: string
  confirmLabel: string
  danger?: boolean
  busy: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** "Are you sure?" for a change that matters: says what will happen, and names the button after it. */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  danger,
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Popup title={title} onClose={onCancel} width="min(440px, 94vw)" className="admin-dialog">
      <p>{text}</p>
      <div className="admin-actions admin-actions--end">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('admin.cancel')}
        </button>
        <button
          type="button"
          className={danger ? 'button admin-button--danger' : 'button'}
          disabled={busy}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </div>
    </Popup>
  )
}
