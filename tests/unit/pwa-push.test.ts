import { describe, expect, it } from 'vitest'
import { sameOriginUrl, shownPush } from '../../sw/push'

const origin = 'https://shop.example.com'

describe('a push as the worker shows it', () => {
  it('shows the title, body, icon, image and the order page to open', () => {
    const shown = shownPush(
      JSON.stringify({
        title: 'হাট',
        body: 'আপনার অর্ডার HT-261129-00001 নিশ্চিত করা হয়েছে।',
        icon: '/icons/icon-192.png',
        image: 'https://shop.example.com/media/p.jpg',
        url: '/user/order/7',
      }),
      origin,
    )
    expect(shown.title).toBe('হাট')
    expect(shown.options).toMatchObject({
      body: 'আপনার অর্ডার HT-261129-00001 নিশ্চিত করা হয়েছে।',
      icon: '/icons/icon-192.png',
      image: 'https://shop.example.com/media/p.jpg',
      data: { url: 'https://shop.example.com/user/order/7' },
    })
  })

  it.each([
    ['no data', null],
    ['text that is not JSON', 'hello'],
    ['JSON that is not an object', '42'],
  ])('still shows a notification for %s, opening the start page', (_, data) => {
    const shown = shownPush(data, origin)
    expect(shown.title).toBe('shop.example.com')
    expect(shown.options.data.url).toBe(`${origin}/`)
  })

  it.each([
    ['/confirm-order?number=HT-1', `${origin}/confirm-order?number=HT-1`],
    ['https://evil.example.net/phish', `${origin}/`],
    ['javascript:alert(1)', `${origin}/`],
    [42, `${origin}/`],
  ])('opens %s as %s: never a page of another origin', (url, opened) => {
    expect(sameOriginUrl(url, origin)).toBe(opened)
  })
})
