import { t } from '../../i18n'
import { toast } from '../../lib/toast'
import './offline.css'

export const UPDATE_TOAST_ID = 'app-update'

/**
 * Offers a waiting new version. It stays until answered: a version that silently waits forever
 * would strand the shopper on old code, one that applies itself would reload under their fingers.
 */
export function showUpdateToast(apply: () => void): void {
  toast(
    (current) => (
      <div className="update-toast">
        <span>{t('offline.update-ready')}</span>
        <button
          type="button"
          className="button"
          onClick={() => {
            toast.dismiss(current.id)
            apply()
          }}
        >
          {t('offline.update')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => toast.dismiss(current.id)}>
          {t('offline.later')}
        </button>
      </div>
    ),
    { id: UPDATE_TOAST_ID, duration: Number.POSITIVE_INFINITY },
  )
}
