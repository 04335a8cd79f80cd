// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { CartLineItem } from '../../src/features/cart/cart-line-item'
import { buildCartLines } from '../../src/state/list-lines'
import { QuantityStepper } from '../../src/ui/quantity-stepper'
import { product, sku } from './support/catalogue'

describe('the quantity stepper', () => {
  it('names its buttons after what it counts and shows the value', () => {
    render(<QuantityStepper label="Quantity" value={2} canDecrease canIncrease onChange={() => {}} />)
    expect(screen.getByRole('group', { name: 'Quantity' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('2')
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeTruthy()
  })

  it.each([
    ['Decrease quantity', 1],
    ['Increase quantity', 3],
  ])('%s asks for %i from 2', (button, asked) => {
    const onChange = vi.fn()
    render(<QuantityStepper label="Quantity" value={2} canDecrease canIncrease onChange={onChange} />)
    fireEvent.click(screen.getByRole('button', { name: button }))
    expect(onChange).toHaveBeenCalledExactlyOnceWith(asked)
  })
})

describe('a cart line steps between 1 and the stock (storefront §4)', () => {
  const lineOf = (quantity: number, stockQuantity: number) => {
    const [line] = buildCartLines(
      [{ product_id: 1, sku: 'TEE-RED-M', quantity, price: 800 }],
      [product({ skus: [sku({ stockQuantity })] })],
    )
    if (!line) throw new Error('the line should show')
    return line
  }
  const renderLine = (quantity: number, stock: number) => {
    const onQuantity = vi.fn()
    render(<CartLineItem line={lineOf(quantity, stock)} onQuantity={onQuantity} onRemove={() => {}} />)
    return {
      onQuantity,
      minus: screen.getByRole('button', { name: 'Decrease quantity of cotton tee' }) as HTMLButtonElement,
      plus: screen.getByRole('button', { name: 'Increase quantity of cotton tee' }) as HTMLButtonElement,
      shown: () => screen.getByTestId('line-quantity').textContent,
    }
  }

  it.each([
    ['at 1 only + works', 1, 5, true, false],
    ['between the bounds both work', 3, 5, false, false],
    ['at the stock only − works', 5, 5, false, true],
    ['with one left neither works', 1, 1, true, true],
  ])('%s', (_name, quantity, stock, minusBlocked, plusBlocked) => {
    const { minus, plus, shown } = renderLine(quantity, stock)
    expect(shown()).toBe(String(quantity))
    expect(minus.disabled).toBe(minusBlocked)
    expect(plus.disabled).toBe(plusBlocked)
  })

  it('a quantity above the stock shows as the stock', () => {
    const { shown, plus } = renderLine(9, 4)
    expect(shown()).toBe('4')
    expect(plus.disabled).toBe(true)
  })

  it('each press asks for one more or one less', () => {
    const { minus, plus, onQuantity } = renderLine(3, 5)
    fireEvent.click(plus)
    fireEvent.click(minus)
    expect(onQuantity.mock.calls).toEqual([[4], [2]])
  })
})

describe('a cart line of a size × colour product', () => {
  it('names both its size and its colour, as checkout and the order page do', () => {
    const [line] = buildCartLines(
      [{ product_id: 1, sku: 'TEE-RED-M', quantity: 1, price: 800 }],
      [product({ skus: [sku()] })],
    )
    if (!line) throw new Error('the line should show')
    render(<CartLineItem line={line} onQuantity={() => {}} onRemove={() => {}} />)
    expect(screen.getByText('Size: M · Colour: Red')).toBeTruthy()
  })
})
