// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { formErrors } from '../../src/admin/form-errors'
import { confirmation } from '../../src/admin/staff/staff-actions'
import { StaffCard } from '../../src/admin/staff/staff-card'
import { ApiRequestError } from '../../src/lib/api'

const rahim = {
  id: 4,
  phone: '01712345678',
  firstName: 'Rahim',
  lastName: 'Uddin',
  role: 'staff' as const,
  status: 'active' as const,
  totpEnabled: false,
  mustChangePassword: false,
  lastSeenAt: null,
  sessions: 0,
}

describe('a staff member on the staff page', () => {
  it('changes role only once another role is chosen, and asks first', () => {
    const onAction = vi.fn()
    render(<StaffCard member={rahim} self={false} errors={undefined} onAction={onAction} />)
    const change = screen.getByRole('button', { name: 'Change role' }) as HTMLButtonElement
    expect(change.disabled).toBe(true)
    fireEvent.change(screen.getByLabelText('New role for Rahim Uddin'), { target: { value: 'manager' } })
    fireEvent.click(change)
    expect(onAction).toHaveBeenCalledExactlyOnceWith({ kind: 'role', member: rahim, role: 'manager' })
  })

  it('offers unblocking to a blocked person, and no ending of sessions when none is live', () => {
    const onAction = vi.fn()
    render(
      <StaffCard
        member={{ ...rahim, status: 'blocked' }}
        self={false}
        errors={undefined}
        onAction={onAction}
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Unblock' }))
    expect(onAction).toHaveBeenCalledWith(expect.objectContaining({ kind: 'unblock' }))
    expect((screen.getByRole('button', { name: 'End sessions' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('shows the server’s word on the role next to the role, tied to it', () => {
    const errors = formErrors(
      new ApiRequestError('no', 409, { role: ['The shop needs at least one active owner'] }),
      ['role', 'status'],
    )
    render(<StaffCard member={rahim} self={false} errors={errors} onAction={() => {}} />)
    const select = screen.getByLabelText('New role for Rahim Uddin')
    const message = screen.getByRole('alert')
    expect(message.textContent).toBe('The shop needs at least one active owner')
    expect(select.getAttribute('aria-describedby')).toBe(message.id)
    expect(select.getAttribute('aria-invalid')).toBe('true')
  })

  it('gives the owner no way to demote or block themselves', () => {
    render(<StaffCard member={{ ...rahim, role: 'owner' }} self errors={undefined} onAction={() => {}} />)
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Change role' })).toBeNull()
  })

  it('says what blocking does before it is done', () => {
    expect(confirmation({ kind: 'block', member: rahim })).toMatchObject({
      title: 'Block this person?',
      text: 'Rahim Uddin will be signed out and cannot sign in until you unblock them.',
      button: 'Block',
      danger: true,
    })
  })
})

describe('a failed write, split for its form', () => {
  it('puts the form’s own fields next to them and the rest above the button', () => {
    const error = new ApiRequestError('x', 400, { phone: ['Enter a valid mobile number'], csrf: ['Reload'] })
    expect(formErrors(error, ['phone'])).toEqual({
      fields: { phone: 'Enter a valid mobile number' },
      form: 'Reload',
    })
  })

  it('says what went wrong when the server named no field', () => {
    expect(formErrors(new ApiRequestError('Too many tries', 429), ['phone'])).toEqual({
      fields: {},
      form: 'Too many tries',
    })
    expect(formErrors(new Error('boom'), [])).toEqual({ fields: {}, form: 'Something went wrong' })
  })
})
