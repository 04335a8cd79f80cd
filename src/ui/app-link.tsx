import { useRouter } from '@tanstack/react-router'
import type { MouseEvent, ReactNode } from 'react'
import { isExternalHref } from '../lib/menu-href'

type AppLinkProps = {
  href: string
  children: ReactNode
  className?: string
  onNavigate?: () => void
}

/** A link to any href (menu items carry plain urls): in-app ones go through the router, without a reload. */
export function AppLink({ href, children, className, onNavigate }: AppLinkProps) {
  const router = useRouter()
  if (isExternalHref(href)) {
    return (
      <a href={href} className={className} rel="noopener" target="_blank" onClick={onNavigate}>
        {children}
      </a>
    )
  }
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0) return
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    onNavigate?.()
    void router.navigate({ href })
  }
  return (
    <a href={href} className={className} onClick={click}>
      {children}
    </a>
  )
}
