/// <reference lib="webworker" />

declare const self: ServiceWorkerGlobalScope

/**
 * Web push (docs/push.md). The server's push is JSON (src/contract/push.ts `pushMessage`): a title, a body,
 * the app's icon, maybe an image, and the page a click opens. The worker cannot import the contract, so it
 * reads the message itself: anything it cannot read still shows as a notification (a push the browser gets
 * must show one), with the shop's start page to open.
 */
export type ShownPush = { title: string; options: NotificationOptions & { data: { url: string } } }

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** A page of this origin to open: the message's own, or the start page for anything else. */
export function sameOriginUrl(value: unknown, origin: string): string {
  if (typeof value !== 'string') return `${origin}/`
  try {
    const url = new URL(value, origin)
    return url.origin === origin ? url.href : `${origin}/`
  } catch {
    return `${origin}/`
  }
}

/** The notification a push's data shows. */
export function shownPush(data: string | null, origin: string): ShownPush {
  let message: Record<string, unknown> = {}
  try {
    const parsed: unknown = data ? JSON.parse(data) : {}
    if (parsed && typeof parsed === 'object') message = parsed as Record<string, unknown>
  } catch {
    message = { body: data ?? '' }
  }
  const image = text(message.image)
  return {
    title: text(message.title) || new URL(origin).host,
    options: {
      body: text(message.body),
      icon: text(message.icon) || '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
      ...(image ? { image } : {}),
      // one notification per page: a newer push about the same order replaces the older one
      tag: sameOriginUrl(message.url, origin),
      data: { url: sameOriginUrl(message.url, origin) },
    } as NotificationOptions & { data: { url: string } },
  }
}

/**
 * A click: a window of the app already open goes to the page and comes forward, else a new one opens. The
 * page is changed before the window is focused: a browser that refuses the focus still shows the order there.
 */
export async function openFromNotification(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const open = windows.find((client) => new URL(client.url).origin === new URL(url).origin)
  if (!open) {
    await self.clients.openWindow(url)
    return
  }
  const shown = await open.navigate(url).catch(() => null)
  if (!shown) {
    await self.clients.openWindow(url)
    return
  }
  await shown.focus().catch(() => undefined)
}

export function setUpPush(): void {
  self.addEventListener('push', (event) => {
    const { title, options } = shownPush(event.data?.text() ?? null, self.location.origin)
    event.waitUntil(self.registration.showNotification(title, options))
  })
  self.addEventListener('notificationclick', (event) => {
    event.notification.close()
    const data = event.notification.data as { url?: unknown } | null
    event.waitUntil(openFromNotification(sameOriginUrl(data?.url, self.location.origin)))
  })
}
