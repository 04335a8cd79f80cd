import { describe, expect, it } from 'vitest'
import {
  freeCode,
  keptProductCode,
  nameLetters,
  productCode,
  SKU_CODE_MAX,
  skuCode,
} from '../../server/domain/sku-codes'

describe('sku codes made on save', () => {
  it.each([
    ['Panjabi Eid Cotton', 'PNJ'],
    ['Saree', 'SAR'],
    ['Kurti', 'KRT'],
    ['T Shirt', 'TSH'],
    ['Éclair Tee', 'ECL'],
    ['জামদানি শাড়ি', 'PRD'],
  ])('%s → %s', (name, letters) => {
    expect(nameLetters(name)).toBe(letters)
  })

  it('joins the product code and the values, in the options’ order', () => {
    const options = [
      { name: 'Size', values: ['M', 'XL'] },
      { name: 'Colour', values: ['Red', 'Navy Blue', 'লাল'] },
    ]
    expect(productCode('Panjabi', 14)).toBe('PNJ-014')
    expect(productCode('Panjabi', 12_345)).toBe('PNJ-12345')
    expect(skuCode('PNJ-014', options, { Colour: 'Navy Blue', Size: 'XL' })).toBe('PNJ-014-XL-NAVY-BLUE')
    // a value without Latin letters: the option's initial and the value's place
    expect(skuCode('PNJ-014', options, { Size: 'M', Colour: 'লাল' })).toBe('PNJ-014-M-C3')
    expect(skuCode('PNJ-014', [], {})).toBe('PNJ-014')
  })

  it('stays within 40 ASCII characters, with room for the number that makes it unique', () => {
    const long = 'Deep Maroon With Golden Zari Embroidery'
    const options = [
      { name: 'Size', values: ['Extra Extra Large Tall'] },
      { name: 'Colour', values: [long] },
      { name: 'Fabric', values: ['Half Silk Half Cotton Blend'] },
    ]
    const code = skuCode('PNJ-2147483647', options, {
      Size: 'Extra Extra Large Tall',
      Colour: long,
      Fabric: 'Half Silk Half Cotton Blend',
    })
    expect(code).toMatch(/^[A-Z0-9]+(-[A-Z0-9]+)*$/)
    const taken = new Set([code])
    const unique = freeCode(code, taken)
    expect(unique).toBe(`${code}-2`)
    expect(unique.length).toBeLessThanOrEqual(SKU_CODE_MAX)
    expect(taken.has(unique)).toBe(true)
  })

  it('finds the product code its skus already carry', () => {
    expect(keptProductCode(14, ['KRT-014-M', 'PNJ-140-L'])).toBe('KRT-014')
    expect(keptProductCode(14, ['PNJ-140-L', 'TANGAIL-SAREE-M'])).toBeNull()
  })
})
