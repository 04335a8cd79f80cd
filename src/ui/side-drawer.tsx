import { type ReactNode, useEffect, useRef, useState } from 'react'
import './side-drawer.css'

/** storefront §9: drawers play a 400 ms exit animation, then unmount. */
export const DRAWER_CLOSE_MS = 400

type SideDrawerProps = {
  open: boolean
  onClose: () => void
  /** id of the heading that names the drawer */
  labelledBy: string
  className?: string
  children: ReactNode
}

/**
 * A modal side panel on the native <dialog>: the rest of the page is inert while it is open
 * (focus stays inside), Escape and the backdrop close it, and focus returns where it was.
 */
export function SideDrawer({ open, onClose, labelledBy, className, children }: SideDrawerProps) {
  const [mounted, setMounted] = useState(open)
  const [closing, setClosing] = useState(false)
  const wasOpen = useRef(open)

  useEffect(() => {
    if (open) {
      wasOpen.current = true
      setMounted(true)
      setClosing(false)
      return
    }
    if (!wasOpen.current) return
    wasOpen.current = false
    setClosing(true)
    const timer = window.setTimeout(() => {
      setMounted(false)
      setClosing(false)
    }, DRAWER_CLOSE_MS)
    return () => window.clearTimeout(timer)
  }, [open])

  if (!mounted) return null
  return (
    <DrawerDialog
      onClose={onClose}
      labelledBy={labelledBy}
      className={`side-drawer${closing ? ' is-closing' : ''}${className ? ` ${className}` : ''}`}
    >
      {children}
    </DrawerDialog>
  )
}

type DrawerDialogProps = Omit<SideDrawerProps, 'open'> & { className: string }

function DrawerDialog({ onClose, labelledBy, className, children }: DrawerDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const closeRef = useRef(onClose)
  closeRef.current = onClose

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
    }
    // closed by the browser itself (e.g. a repeated Escape): keep the shared flag in step
    // (a close event queued before the dialog was shown again is stale and ignored)
    const onNativeClose = () => {
      if (!dialog.open) closeRef.current()
    }
    dialog.addEventListener('close', onNativeClose)
    return () => {
      dialog.removeEventListener('close', onNativeClose)
      if (dialog.open && typeof dialog.close === 'function') dialog.close()
    }
  }, [])

  return (
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        // a click on the dimmed backdrop lands on the dialog element itself
        if (event.target === event.currentTarget) onClose()
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault()
          onClose()
        }
      }}
    >
      <div className="side-drawer__panel">{children}</div>
    </dialog>
  )
}
