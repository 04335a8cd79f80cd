import { describe, expect, it } from 'vitest'
import { backInStockText, productLinkWithSku } from '../../server/domain/back-in-stock'

const link = productLinkWithSku('https://shop.example.com', 'tapered-jeans', 'TJ-32/NAVY')

describe('the back-in-stock text', () => {
  it('links to the product page with the sku chosen', () => {
    expect(link).toBe('https://shop.example.com/product/tapered-jeans?sku=TJ-32%2FNAVY')
  })

  it.each([
    {
      name: 'English, with the size and colour',
      facts: { language: 'en' as const, shop: 'Haat', product: 'Tapered Jeans', option: '32, Navy' },
      text: `Haat: Tapered Jeans (32, Navy) is back in stock. Order it here: ${link}`,
    },
    {
      name: 'Bangla, with the shop and product named in Bangla',
      facts: { language: 'bn' as const, shop: 'হাট', product: 'টেপার্ড জিন্স', option: '৩২, নেভি' },
      text: `হাট: টেপার্ড জিন্স (৩২, নেভি) আবার স্টকে এসেছে। এখানে অর্ডার করুন: ${link}`,
    },
    {
      name: 'a product with no size or colour',
      facts: { language: 'en' as const, shop: 'Haat', product: 'Gift Card', option: '' },
      text: `Haat: Gift Card is back in stock. Order it here: ${link}`,
    },
  ])('is written in $name', ({ facts, text }) => {
    expect(backInStockText({ ...facts, link })).toBe(text)
  })
})
