// @vitest-environment happy-dom
import { fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import {
  applyToAll,
  bodyOf,
  type EditorForm,
  emptyForm,
  matrixFor,
  type SkuRow,
  withName,
} from '../../src/admin/products/editor/editor-form'
import { ImagesSection } from '../../src/admin/products/editor/images-section'
import { OptionsSection } from '../../src/admin/products/editor/options-section'
import { TextsSection } from '../../src/admin/products/editor/texts-section'
import { optionCombinations, slugify, valuesKey } from '../../src/contract/admin-product'

const row = (values: Record<string, string>, figures: Partial<SkuRow> = {}): SkuRow => ({
  sku: '',
  skuEdited: false,
  values,
  price: '1000',
  discountedPrice: '900',
  vat: '0',
  stockQuantity: '3',
  weightGrams: '200',
  ...figures,
})

describe('slugs', () => {
  it.each([
    ['Jamdani Saree (Red)', 'jamdani-saree-red'],
    ['  Café   Kurti  ', 'cafe-kurti'],
    ['Shirt & Tie', 'shirt-and-tie'],
    ['লাল শাড়ি', ''],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug)
  })
})

describe('the sku matrix', () => {
  const sizes = { name: 'Size', values: ['S', 'M'] }
  const colours = { name: 'Colour', values: ['Red', 'Blue'] }

  it('has every combination, the first option varying slowest', () => {
    expect(optionCombinations([sizes, colours])).toEqual([
      { Size: 'S', Colour: 'Red' },
      { Size: 'S', Colour: 'Blue' },
      { Size: 'M', Colour: 'Red' },
      { Size: 'M', Colour: 'Blue' },
    ])
    expect(optionCombinations([])).toEqual([{}])
  })

  it('keeps the figures and ids of skus that stay when a value is added or removed', () => {
    const rows = [
      row({ Size: 'S' }, { id: 1, sku: 'A-S', skuEdited: true, price: '1200' }),
      row({ Size: 'M' }, { id: 2, sku: 'A-M', skuEdited: true, price: '1300' }),
    ]
    const added = matrixFor([{ name: 'Size', values: ['S', 'M', 'L'] }], rows)
    expect(added.map((one) => [one.id, one.sku, one.price])).toEqual([
      [1, 'A-S', '1200'],
      [2, 'A-M', '1300'],
      [undefined, '', '1200'],
    ])
    const removed = matrixFor([{ name: 'Size', values: ['M'] }], added)
    expect(removed.map((one) => [one.id, one.price])).toEqual([[2, '1300']])
  })

  it('grows skus into a new option: the first of each keeps the sku, the rest copy its figures', () => {
    const rows = [row({ Size: 'S' }, { id: 1, sku: 'A-S', skuEdited: true, stockQuantity: '9' })]
    const grown = matrixFor([{ name: 'Size', values: ['S'] }, colours], rows)
    expect(grown.map((one) => [one.id, one.sku, one.stockQuantity, one.values])).toEqual([
      [1, 'A-S', '9', { Size: 'S', Colour: 'Red' }],
      [undefined, '', '9', { Size: 'S', Colour: 'Blue' }],
    ])
  })

  it('applies one figure to every sku, or to the chosen ones, and sends figures as numbers', () => {
    const rows = applyToAll(matrixFor([sizes, colours], [row({})]), 'price', '1500')
    expect(rows.map((one) => one.price)).toEqual(['1500', '1500', '1500', '1500'])
    const chosen = new Set([
      valuesKey({ Size: 'S', Colour: 'Blue' }),
      valuesKey({ Size: 'M', Colour: 'Red' }),
    ])
    expect(applyToAll(rows, 'stockQuantity', '12', chosen).map((one) => one.stockQuantity)).toEqual([
      '3',
      '12',
      '12',
      '3',
    ])
    const body = bodyOf({ ...emptyForm(), options: [sizes, colours], skus: rows })
    expect(body.skus[3]).toMatchObject({
      sku: '',
      price: 1500,
      discountedPrice: 900,
      stockQuantity: 3,
    })
    expect(bodyOf({ ...emptyForm(), skus: [row({}, { price: '' })] }).skus[0]?.price).toBe(-1)
  })
})

/** The sections over one form, as the editor holds it. */
function Harness({ initial }: { initial: EditorForm }) {
  const [form, setForm] = useState(initial)
  const onChange = (next: (form: EditorForm) => EditorForm) => setForm(next)
  return (
    <>
      <TextsSection form={form} errors={{}} onChange={onChange} />
      <ImagesSection
        form={form}
        errors={{ 'skus.1.price': ['Use at most two decimals'] }}
        onChange={onChange}
      />
      <OptionsSection
        form={form}
        errors={{ 'skus.1.price': ['Use at most two decimals'] }}
        onChange={onChange}
      />
      <output data-testid="slug">{form.slug}</output>
      <output data-testid="images">{form.images.map((image) => image.path).join(',')}</output>
    </>
  )
}

describe('the product editor', () => {
  it('makes the slug from the name until the slug is typed by hand, and marks the languages', () => {
    render(<Harness initial={emptyForm()} />)
    const name = screen.getByLabelText('Name')
    expect(name.getAttribute('lang')).toBe('en')
    expect(screen.getByLabelText('Name (Bangla)').getAttribute('lang')).toBe('bn')
    fireEvent.change(name, { target: { value: 'Tangail Saree' } })
    expect(screen.getByTestId('slug').textContent).toBe('tangail-saree')
    expect(withName({ ...emptyForm(), slug: 'mine', slugEdited: true }, 'Other').slug).toBe('mine')
  })

  it('builds the matrix from option values typed as chips, and applies a price to all', () => {
    render(<Harness initial={{ ...emptyForm(7.5), slug: 'kurti' }} />)
    fireEvent.click(screen.getByRole('button', { name: 'Add an option' }))
    fireEvent.change(screen.getByLabelText('Option name'), { target: { value: 'Size' } })
    const value = screen.getByLabelText('New value')
    for (const size of ['S', 'M']) {
      fireEvent.change(value, { target: { value: size } })
      fireEvent.keyDown(value, { key: 'Enter' })
    }
    expect(
      within(screen.getByRole('list', { name: 'Values of Size' })).getAllByRole('listitem'),
    ).toHaveLength(2)
    const codes = screen.getAllByLabelText(/^Sku code, /) as HTMLInputElement[]
    // codes not typed are made on save
    expect(codes.map((input) => input.value)).toEqual(['', ''])
    fireEvent.change(screen.getByLabelText('Price (TK)', { selector: '#editor-all-price' }), {
      target: { value: '1450' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Apply Price (TK) to all' }))
    const prices = screen.getAllByLabelText(/^Price \(TK\), /) as HTMLInputElement[]
    expect(prices.map((input) => input.value)).toEqual(['1450', '1450'])
    // every sku of a new product starts with the shop's VAT for new products
    const vats = screen.getAllByLabelText(/^VAT \(%\), /) as HTMLInputElement[]
    expect(vats.map((input) => input.value)).toEqual(['7.5', '7.5'])
    expect(screen.getByText('Use at most two decimals')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Remove M' }))
    expect(screen.getAllByLabelText(/^Sku code, /)).toHaveLength(1)
  })

  it('reorders images with buttons and says where the image went', () => {
    const images = ['products/aaaaaaaaaaaaaaaa.webp', 'products/bbbbbbbbbbbbbbbb.webp'].map((path) => ({
      path,
      alt: '',
      altBn: '',
    }))
    render(<Harness initial={{ ...emptyForm(), images }} />)
    fireEvent.click(screen.getByRole('button', { name: 'Move image 1 down' }))
    expect(screen.getByTestId('images').textContent).toBe(
      'products/bbbbbbbbbbbbbbbb.webp,products/aaaaaaaaaaaaaaaa.webp',
    )
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
      'Image 1 is now image 2.',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Set as main' }))
    expect(screen.getByTestId('images').textContent).toBe(
      'products/aaaaaaaaaaaaaaaa.webp,products/bbbbbbbbbbbbbbbb.webp',
    )
  })
})
