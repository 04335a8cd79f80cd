import { useEffect, useState } from 'react'

/** What a search box holds once typing has paused (`ms`), trimmed: one request per pause, not per key. */
export function useSettledText(typed: string, ms = 250): string {
  const [settled, setSettled] = useState(typed.trim())
  useEffect(() => {
    const timer = setTimeout(() => setSettled(typed.trim()), ms)
    return () => clearTimeout(timer)
  }, [typed, ms])
  return settled
}
