// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { useCheckoutForm } from '../../src/features/checkout/use-checkout-form'

function renderForm(signedIn: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  return renderHook((props: { signedIn: boolean }) => useCheckoutForm(props.signedIn), {
    wrapper,
    initialProps: { signedIn },
  })
}

describe('the checkout form while the session is being checked', () => {
  it('moves the name and number typed as a guest into the new address once the shopper turns out signed in', () => {
    const form = renderForm(false)
    act(() => form.result.current.setContact({ name: 'Rahim Uddin', phone: '01812345678', email: '' }))
    form.rerender({ signedIn: true })
    expect(form.result.current.address).toMatchObject({ name: 'Rahim Uddin', phone: '01812345678' })
  })

  it('keeps what the shopper typed into the address itself', () => {
    const form = renderForm(false)
    act(() => {
      form.result.current.setContact({ name: 'Rahim Uddin', phone: '01812345678', email: '' })
      form.result.current.setAddress({ ...form.result.current.address, name: 'Karim', phone: '' })
    })
    form.rerender({ signedIn: true })
    expect(form.result.current.address).toMatchObject({ name: 'Karim', phone: '01812345678' })
  })

  it('changes nothing for a shopper signed in from the start', () => {
    const form = renderForm(true)
    form.rerender({ signedIn: true })
    expect(form.result.current.address).toMatchObject({ name: '', phone: '' })
  })
})
