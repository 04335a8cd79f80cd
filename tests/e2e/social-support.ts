import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test'
import { publicConfigAnswer } from '../../src/contract/config'
import { API_HEADERS } from './auth-support'

/**
 * The Firebase Auth emulator the server trusts, as the server names it to the page (`GET /api/v1/config`).
 * It starts alongside the app server (playwright.config.ts) and may still be starting: this waits until it answers.
 */
export async function authEmulatorOrigin(request: APIRequestContext, timeout: number): Promise<string> {
  const config = await request.get('/api/v1/config', { headers: API_HEADERS })
  const host = publicConfigAnswer.parse(await config.json()).data.firebase.authEmulatorHost
  expect(host, 'the e2e server runs with FIREBASE_AUTH_EMULATOR_HOST').toBeTruthy()
  const origin = `http://${host}`
  await expect
    .poll(async () => (await request.get(origin).catch(() => null))?.ok() ?? false, {
      message: `the Auth emulator at ${origin} answers`,
      timeout,
      intervals: [250, 500, 1000],
    })
    .toBe(true)
  return origin
}

/**
 * A local stand-in for Google's `api.js` with just the part of `gapi.iframes` that Firebase's popup flow uses: the
 * page opens the emulator's helper iframe, and the two `register` handlers and `send` each other messages (answered
 * with the handler's result). The same script serves the page and the emulator's iframe.
 */
function gapiStandIn() {
  type Handler = (data: unknown) => unknown
  type Message = {
    gapiStandIn: true
    kind: 'ready' | 'send' | 'reply'
    id?: string
    type?: string
    data?: unknown
  }
  type Reply = { responses?: unknown[] }
  const w = window as unknown as Record<string, unknown>
  const replies = new Map<string, (responses: unknown[]) => void>()
  const channels: { peer: () => Window | null; receive: (message: Message & Reply) => void }[] = []

  function channel(peer: () => Window | null) {
    const handlers = new Map<string, Handler>()
    const early: Message[] = []
    const readyWaiters: (() => void)[] = []
    let ready = false
    const post = (message: Message & Reply) => peer()?.postMessage(message, '*')
    const receive = (message: Message & Reply) => {
      if (message.kind === 'ready') {
        ready = true
        for (const waiter of readyWaiters.splice(0)) waiter()
      } else if (message.kind === 'reply') {
        replies.get(message.id ?? '')?.(message.responses ?? [])
        replies.delete(message.id ?? '')
      } else {
        const handler = handlers.get(message.type ?? '')
        if (!handler) early.push(message)
        else post({ gapiStandIn: true, kind: 'reply', id: message.id, responses: [handler(message.data)] })
      }
    }
    channels.push({ peer, receive })
    return {
      post,
      register(type: string, handler: Handler) {
        handlers.set(type, handler)
        for (const message of early.splice(0)) receive(message)
      },
      send(type: string, data: unknown, callback?: (responses: unknown[]) => void) {
        const id = `${Date.now()}-${Math.random()}`
        if (callback) replies.set(id, callback)
        post({ gapiStandIn: true, kind: 'send', id, type, data })
      },
      whenReady(callback: () => void) {
        if (ready) callback()
        else readyWaiters.push(callback)
      },
    }
  }

  window.addEventListener('message', (event) => {
    const message = event.data as (Message & Reply) | null
    if (message?.gapiStandIn !== true) return
    for (const known of channels) if (known.peer() === event.source) known.receive(message)
  })

  type OpenOptions = { where: HTMLElement; url: string; attributes?: Record<string, unknown> }
  const context = {
    open(options: OpenOptions, opened?: (iframe: unknown) => unknown) {
      const element = document.createElement('iframe')
      for (const [name, value] of Object.entries(options.attributes ?? {})) {
        if (name === 'style') Object.assign(element.style, value)
        else element.setAttribute(name, String(value))
      }
      element.src = options.url
      options.where.appendChild(element)
      const link = channel(() => element.contentWindow)
      const iframe = {
        register: link.register,
        send: link.send,
        restyle: () => Promise.resolve(),
        ping: (callback?: () => void) =>
          new Promise<unknown[]>((resolve) =>
            link.whenReady(() => {
              callback?.()
              resolve([])
            }),
          ),
      }
      return Promise.resolve(opened ? opened(iframe) : iframe)
    },
    getParentIframe() {
      const link = channel(() => window.parent)
      link.post({ gapiStandIn: true, kind: 'ready' })
      return { register: link.register, send: link.send }
    },
  }
  w.gapi = {
    load(_module: string, config: (() => void) | { callback: () => void }) {
      setTimeout(typeof config === 'function' ? config : config.callback)
    },
    // Firebase passes the filter through untouched and takes a present `Iframe` for "already loaded"
    iframes: { CROSS_ORIGIN_IFRAMES_FILTER: 'any', Iframe: true, getContext: () => context },
  }
  // api.js announces itself through its ?onload= callback, or window.gapi_onload
  const src = (document.currentScript as HTMLScriptElement | null)?.src
  const onload = (src && w[new URL(src).searchParams.get('onload') ?? '']) || w.gapi_onload
  if (typeof onload === 'function') onload()
}

/**
 * No Google host is reachable from the test machine: Google's `api.js` comes from the stand-in above, and the fonts
 * and styles of the emulator's account chooser come back empty.
 */
export async function serveGoogleScriptsLocally(context: BrowserContext) {
  await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: `(${gapiStandIn.toString()})()` }),
  )
  await context.route(/^https:\/\/(fonts\.googleapis\.com|fonts\.gstatic\.com|unpkg\.com)\//, (route) =>
    route.fulfill({ body: '' }),
  )
}

/** In the emulator's Google popup: add a new account with this email and name, and sign in with it. */
export async function signInAsNewGoogleAccount(popup: Page, account: { email: string; name: string }) {
  await popup.locator('#add-account-button').click()
  await popup.locator('#email-input').fill(account.email)
  await popup.locator('#display-name-input').fill(account.name)
  await popup.locator('#sign-in').click()
}

/** In the emulator's Google popup: pick the account added before. */
export async function signInAsKnownGoogleAccount(popup: Page, email: string) {
  await popup.locator('.js-reuse-account', { hasText: email }).click()
}

/**
 * A genuine Google identity from the emulator without a browser (its fake-credential path): the ID token the
 * emulator issues for it, and the Firebase user it belongs to.
 */
export async function emulatedGoogleIdentity(
  request: APIRequestContext,
  emulator: string,
  claims: { sub: string; email: string; name: string },
): Promise<{ idToken: string; localId: string }> {
  const postBody = new URLSearchParams({
    providerId: 'google.com',
    id_token: JSON.stringify({ ...claims, email_verified: true }),
  }).toString()
  const answer = await request.post(
    `${emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`,
    { data: { requestUri: 'http://localhost', postBody, returnSecureToken: true } },
  )
  expect(answer.ok()).toBe(true)
  return (await answer.json()) as { idToken: string; localId: string }
}
