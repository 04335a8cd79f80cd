import { describe, expect, it } from 'vitest'
import { audienceOf, googleCategoryOf, plainText } from '../../server/repositories/feeds/feed-items'
import { itemXml, xmlText } from '../../server/repositories/feeds/feed-xml'

describe('what a feed says of a category path', () => {
  it.each([
    [['men', 'panjabi'], { gender: 'male', ageGroup: 'adult' }],
    [['women', 'saree'], { gender: 'female', ageGroup: 'adult' }],
    [['kids', 'girls'], { gender: 'female', ageGroup: 'kids' }],
    [['kids', 'boys'], { gender: 'male', ageGroup: 'kids' }],
    [['kids'], { ageGroup: 'kids' }],
    [['footwear', 'sneakers'], {}],
    [['mens-and-womens-wear'], {}],
    [['ladies-bags'], { gender: 'female', ageGroup: 'adult' }],
  ])('%j is for %j', (slugs, audience) => {
    expect(audienceOf(slugs)).toEqual(audience)
  })

  it.each([
    [['men', 'panjabi'], 1604],
    [['footwear', 'sandals'], 187],
    [['accessories', 'watches'], 201],
    [['accessories', 'jewellery'], 188],
    [['accessories', 'bags'], 6551],
    [['accessories'], 167],
    [['women', 'sneakers'], 187],
    [[], 1604],
  ])('%j is Google product category %i', (slugs, category) => {
    expect(googleCategoryOf(slugs)).toBe(category)
  })
})

describe('a description as the platforms take it', () => {
  it.each([
    ['<p>Soft <b>cotton</b>&nbsp;panjabi.</p>', 'Soft cotton panjabi.'],
    ['## Fabric\n\n- **100%** cotton\n- [Care guide](https://x.test/care)', 'Fabric 100% cotton Care guide'],
    ['  many\n\n  lines  ', 'many lines'],
  ])('%j reads %j', (text, plain) => {
    expect(plainText(text)).toBe(plain)
  })

  it('is cut at the bound, never inside a Bangla letter', () => {
    const cut = plainText('কি'.repeat(10), 6)
    expect(cut.length).toBeLessThanOrEqual(6)
    expect(cut.endsWith('…')).toBe(true)
    expect(cut.at(-2)).toBe('ি')
  })
})

describe('an item as XML', () => {
  it('escapes text and drops characters XML cannot carry', () => {
    expect(xmlText('A & B <C> \u0007')).toBe('A &amp; B &lt;C&gt; ')
    expect(
      itemXml([
        ['id', 'HT-1-RED-M'],
        ['title', 'Tom & Jerry'],
        ['price', '10.00 BDT'],
      ]),
    ).toBe('<item><g:id>HT-1-RED-M</g:id><title>Tom &amp; Jerry</title><g:price>10.00 BDT</g:price></item>\n')
  })
})
