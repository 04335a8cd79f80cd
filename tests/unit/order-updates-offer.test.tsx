// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { OrderUpdatesOffer } from '../../src/features/order-updates'

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

function browserIs(userAgent: string, options: { standalone?: boolean; push?: boolean } = {}) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent)
  Object.defineProperty(navigator, 'standalone', { value: options.standalone ?? false, configurable: true })
  if (options.push) {
    vi.stubGlobal('PushManager', class {})
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: async () => 'default' })
    Object.defineProperty(navigator, 'serviceWorker', {
      value: { ready: new Promise(() => undefined) },
      configurable: true,
    })
  }
}

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('the offer of order updates', () => {
  it('tells an iPhone shopper in Safari that only the home-screen app receives them, with no button', () => {
    browserIs(IPHONE_SAFARI)
    render(<OrderUpdatesOffer />)
    expect(screen.getByRole('heading', { name: 'Get order updates on this phone' })).toBeTruthy()
    expect(screen.getByText(/only the app on your Home Screen/)).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('offers nothing in a browser without web push', () => {
    browserIs(ANDROID_CHROME)
    const { container } = render(<OrderUpdatesOffer />)
    expect(container.innerHTML).toBe('')
  })

  it('offers one button, asking nothing until it is tapped, where web push works', () => {
    browserIs(ANDROID_CHROME, { push: true })
    const asked = vi.spyOn(Notification, 'requestPermission')
    render(<OrderUpdatesOffer guestOrder={{ number: 'HT-261129-ABCDE', phone: '01712345678' }} />)
    expect(screen.getByRole('button', { name: 'Allow notifications' })).toBeTruthy()
    expect(asked).not.toHaveBeenCalled()
  })
})
