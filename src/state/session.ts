import { queryOptions, useIsRestoring, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { SESSION_HINT_COOKIE, type User, userAnswer } from '../contract/user'
import { ApiRequestError, apiGet } from '../lib/api'

export const authKeys = {
  all: ['auth'] as const,
  session: () => [...authKeys.all, 'session'] as const,
}

/** Whether this browser holds a session cookie (its readable hint: the session itself is HttpOnly). */
function hasSessionCookie(): boolean {
  return document.cookie.split('; ').some((pair) => pair.startsWith(`${SESSION_HINT_COOKIE}=`))
}

/**
 * App start (storefront §4): the cookie's session is validated and the user restored; a refused session is
 * a guest (null), and so is a browser with no session cookie, without asking. Offline, the last known
 * user stays until the server can be asked.
 */
export const sessionQuery = queryOptions({
  queryKey: authKeys.session(),
  queryFn: async ({ signal }): Promise<User | null> => {
    if (!hasSessionCookie()) return null
    try {
      return (await apiGet('/auth/validate-token', userAnswer, { signal })).data
    } catch (error) {
      if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return null
      throw error
    }
  },
  staleTime: 5 * 60_000,
  // kept for offline starts; logout removes the whole persisted cache
  meta: { persist: true, silent: true },
})

/** The signed-in shopper, or null for a guest. */
export function useCurrentUser(): User | null {
  return useQuery(sessionQuery).data ?? null
}

/** Whether the first session check is still running (no answer yet, none remembered). */
export function useSessionPending(): boolean {
  return useQuery(sessionQuery).isPending
}

/**
 * Once per app start, after the persisted cache is back: the remembered user is shown at once (offline
 * too) and the server is asked whether the session still holds.
 */
export function useSessionCheckAtStart() {
  const queryClient = useQueryClient()
  const restoring = useIsRestoring()
  const checked = useRef(false)
  useEffect(() => {
    if (restoring || checked.current) return
    checked.current = true
    void queryClient.invalidateQueries({ queryKey: authKeys.session() }, { cancelRefetch: false })
  }, [restoring, queryClient])
}
