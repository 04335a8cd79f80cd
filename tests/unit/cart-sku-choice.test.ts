import { describe, expect, it } from 'vitest'
import {
  choiceOptions,
  choose,
  chosenSku,
  imageIndexForColour,
  initialChoice,
  optionValues,
} from '../../src/features/product/sku-choice'

const sku = (code: string, size: string | null, colour: string | null, stock: number) => ({
  sku: code,
  stockQuantity: stock,
  attributes: [
    ...(size ? [{ key: 'size', value: size }] : []),
    ...(colour ? [{ key: 'colour', value: colour }] : []),
  ],
})

// M comes in Red and Blue; L only in Red, and Red L is sold out; S only in Blue
const skus = [
  sku('RED-M', 'M', 'Red', 3),
  sku('BLUE-M', 'M', 'Blue', 0),
  sku('RED-L', 'L', 'Red', 0),
  sku('BLUE-S', 'S', 'Blue', 2),
]

describe('sku choice for the quick view', () => {
  it('lists sizes and colours in sku order', () => {
    expect(optionValues(skus, 'size')).toEqual(['M', 'L', 'S'])
    expect(optionValues(skus, 'colour')).toEqual(['Red', 'Blue'])
  })

  it.each([
    {
      name: 'sizes with Red chosen',
      dimension: 'size' as const,
      choice: { size: 'M', colour: 'Red' },
      options: [
        { value: 'M', available: true, inStock: true },
        { value: 'L', available: true, inStock: false },
        { value: 'S', available: false, inStock: false },
      ],
    },
    {
      name: 'colours with M chosen',
      dimension: 'colour' as const,
      choice: { size: 'M', colour: 'Red' },
      options: [
        { value: 'Red', available: true, inStock: true },
        { value: 'Blue', available: true, inStock: false },
      ],
    },
    {
      name: 'colours with S chosen',
      dimension: 'colour' as const,
      choice: { size: 'S', colour: 'Blue' },
      options: [
        { value: 'Red', available: false, inStock: false },
        { value: 'Blue', available: true, inStock: true },
      ],
    },
  ])('$name: missing combinations disabled, empty stock marked', ({ dimension, choice, options }) => {
    expect(choiceOptions(skus, dimension, choice)).toEqual(options.map((o) => ({ ...o, label: o.value })))
  })

  it('names each value as the answer did, and keeps the English value as the choice', () => {
    const named = skus.map((s) => ({
      ...s,
      attributes: s.attributes.map((a) => ({ ...a, label: a.value === 'Red' ? 'লাল' : a.value })),
    }))
    expect(choiceOptions(named, 'colour', { size: 'M', colour: 'Red' })).toEqual([
      { value: 'Red', label: 'লাল', available: true, inStock: true },
      { value: 'Blue', label: 'Blue', available: true, inStock: false },
    ])
    expect(choose(named, { size: 'S', colour: 'Blue' }, 'colour', 'Red')).toEqual({
      size: 'M',
      colour: 'Red',
    })
  })

  it.each([
    { name: 'the first sku in stock', list: skus.slice(1), choice: { size: 'S', colour: 'Blue' } },
    {
      name: 'the first sku when none is in stock',
      list: skus.slice(1, 3),
      choice: { size: 'M', colour: 'Blue' },
    },
    { name: 'nothing for a product without skus', list: [], choice: { size: null, colour: null } },
  ])('starts on $name', ({ list, choice }) => {
    expect(initialChoice(list)).toEqual(choice)
  })

  it.each([
    { name: 'a sold-out sku the link names', wanted: 'RED-L', choice: { size: 'L', colour: 'Red' } },
    {
      name: 'the first in stock when the link names no sku of this product',
      wanted: 'GONE',
      choice: { size: 'M', colour: 'Red' },
    },
  ])('opens a back-in-stock link on $name', ({ wanted, choice }) => {
    expect(initialChoice(skus, wanted)).toEqual(choice)
  })

  it.each([
    {
      name: 'keeps a colour that exists',
      from: { size: 'M', colour: 'Red' },
      pick: 'L',
      to: { size: 'L', colour: 'Red' },
    },
    {
      name: 'moves the colour when needed',
      from: { size: 'M', colour: 'Red' },
      pick: 'S',
      to: { size: 'S', colour: 'Blue' },
    },
  ])('choosing a size $name', ({ from, pick, to }) => {
    expect(choose(skus, from, 'size', pick)).toEqual(to)
  })

  it.each([
    { choice: { size: 'M', colour: 'Blue' }, code: 'BLUE-M' },
    { choice: { size: 'S', colour: 'Red' }, code: undefined },
  ])('finds the sku for $choice', ({ choice, code }) => {
    expect(chosenSku(skus, choice)?.sku).toBe(code)
  })

  it('handles products whose skus carry only a size', () => {
    const sizesOnly = [sku('A', '40', null, 1), sku('B', '41', null, 0)]
    expect(choiceOptions(sizesOnly, 'colour', { size: '40', colour: null })).toEqual([])
    expect(chosenSku(sizesOnly, { size: '41', colour: null })?.sku).toBe('B')
  })
})

describe('quick view image for a colour', () => {
  const images = [
    'products/tees/white-front.webp',
    'products/tees/white-back.webp',
    'products/tees/navy-blue-front.webp',
    'products/tees/blue-front.webp',
  ]
  it.each([
    { colour: 'White', index: 0 },
    { colour: 'Navy Blue', index: 2 },
    { colour: 'Blue', index: 3 },
    { colour: 'Pink', index: -1 },
    { colour: '', index: -1 },
  ])('$colour shows image $index', ({ colour, index }) => {
    expect(imageIndexForColour(images, colour)).toBe(index)
  })
})
