import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'

/** Goes to an address of the back office (with its search) in place of the page asked for, once. */
export function Redirect({ href }: { href: string }) {
  const navigate = useNavigate()
  const gone = useRef(false)
  useEffect(() => {
    if (gone.current) return
    gone.current = true
    void navigate({ href, replace: true })
  }, [navigate, href])
  return null
}
