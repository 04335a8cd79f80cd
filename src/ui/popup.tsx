import { type CSSProperties, type ReactNode, useEffect, useId, useRef } from 'react'
import { t } from '../i18n'
import { closePopup } from '../state/ui'
import { CloseIcon } from './icons'

type PopupProps = {
  children: ReactNode
  /** shown in a title bar with a close button */
  title?: string
  /** called instead of clearing the shared popup state */
  onClose?: () => void
  /** any CSS width; the default is most of the viewport */
  width?: string
  className?: string
}

/** storefront §2 shared popup: a full-screen dimmed overlay; the backdrop, the close button and Escape close it. */
export function Popup({ children, title, onClose, width, className }: PopupProps) {
  const titleId = useId()
  const dialog = useRef<HTMLDivElement>(null)
  const close = onClose ?? closePopup

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null
    dialog.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close()
    }
    document.addEventListener('keydown', onKey)
    document.body.classList.add('no-scroll')
    return () => {
      document.removeEventListener('keydown', onKey)
      document.body.classList.remove('no-scroll')
      previous?.focus?.()
    }
  }, [close])

  const style = width ? ({ '--popup-width': width } as CSSProperties) : undefined
  return (
    <div className="popup">
      <button
        type="button"
        className="popup__backdrop"
        aria-label={t('offline.close')}
        tabIndex={-1}
        onClick={close}
      />
      <div
        ref={dialog}
        className={`popup__dialog ${className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : t('offline.dialog')}
        tabIndex={-1}
        style={style}
      >
        {title !== undefined && (
          <div className="popup__bar">
            <h2 id={titleId} className="popup__title">
              {title}
            </h2>
            <button type="button" className="icon-button" aria-label={t('offline.close')} onClick={close}>
              <CloseIcon />
            </button>
          </div>
        )}
        <div className="popup__body">{children}</div>
      </div>
    </div>
  )
}
