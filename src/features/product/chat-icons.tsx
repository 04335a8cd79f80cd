import type { ReactNode } from 'react'
import { Icon } from '../../ui/icons'

/** The chat and share buttons' marks, on the shop's icon frame; the link or button around each carries its name. */
const Mark = ({ children }: { children: ReactNode }) => <Icon size={20}>{children}</Icon>

export const WhatsAppMark = () => (
  <Mark>
    <path d="M4 20l1.3-3.9A8 8 0 1 1 8 18.8z" />
    <path d="M9 8.5c0 3.4 3 6.5 6.5 6.5l1-1.6-2-1-1 .9c-1.1-.5-2.2-1.6-2.7-2.7l.9-1-1-2z" />
  </Mark>
)

export const MessengerMark = () => (
  <Mark>
    <path d="M12 3.5c-4.8 0-8.5 3.5-8.5 8 0 2.5 1.1 4.6 3 6.1V21l3-1.6c.8.2 1.6.3 2.5.3 4.8 0 8.5-3.5 8.5-8s-3.7-8.2-8.5-8.2z" />
    <path d="M7.5 13.8l3-3.3 2 2 3.9-2.4-3 3.3-2-2z" />
  </Mark>
)

export const FacebookMark = () => (
  <Mark>
    <rect x="3.5" y="3.5" width="17" height="17" rx="3" />
    <path d="M15.5 8h-1.6A1.9 1.9 0 0 0 12 9.9V20.5M10 13h5" />
  </Mark>
)

export const LinkMark = () => (
  <Mark>
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
    <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
  </Mark>
)

export const ShareMark = () => (
  <Mark>
    <circle cx="18" cy="5.5" r="2.5" />
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="18.5" r="2.5" />
    <path d="M8.2 10.8l7.6-4M8.2 13.2l7.6 4" />
  </Mark>
)
