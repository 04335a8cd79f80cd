import { pushKeyResponse, pushSubscribedResponse } from '../../contract/push'
import { apiGet, apiSend } from '../../lib/api'

/** a guest's order, as the confirmation page knows it */
export type GuestOrder = { number: string; phone: string }

/** the VAPID key as the Push API wants it: the bytes of the base64url text */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  return Uint8Array.from(text, (c) => c.charCodeAt(0))
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready
}

/** This browser's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator) || Notification.permission !== 'granted') return null
  return (await registration()).pushManager.getSubscription()
}

/**
 * Asks the browser (which asks the shopper) and subscribes with the shop's key, then hands the subscription to
 * the shop. Answers the permission: anything but 'granted' subscribes nothing.
 */
export async function subscribeToOrderUpdates(guestOrder?: GuestOrder): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') return permission
  const { data } = await apiGet('/push/key', pushKeyResponse)
  const pushManager = (await registration()).pushManager
  const subscription =
    (await pushManager.getSubscription()) ??
    (await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(data.publicKey) }))
  await apiSend(
    'post',
    '/push/subscriptions',
    { ...subscription.toJSON(), ...(guestOrder ? { order: guestOrder } : {}) },
    pushSubscribedResponse,
  )
  return permission
}

/** Stops the updates on this browser: the shop forgets it, then the browser ends the subscription. */
export async function unsubscribeFromOrderUpdates(): Promise<void> {
  const subscription = await currentSubscription()
  if (!subscription) return
  await apiSend('delete', '/push/subscriptions', { endpoint: subscription.endpoint }, pushSubscribedResponse)
  await subscription.unsubscribe()
}
