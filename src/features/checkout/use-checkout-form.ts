import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { DeliveryZone } from '../../contract/addresses'
import { addressesQuery } from '../../state/addresses'
import { type AddressDraft, emptyAddress, useZoneOf } from '../../ui/address-fields'
import type { CheckoutContact } from './order-body'

export type AddressChoice = number | 'new'

const emptyContact: CheckoutContact = { name: '', phone: '', email: '' }

/**
 * What the shopper has entered on the checkout page, and where it is going: a signed-in shopper starts
 * on the default saved address, a guest (or a shopper with none saved) on a new one.
 */
export function useCheckoutForm(signedIn: boolean) {
  const saved = useQuery({ ...addressesQuery, enabled: signedIn })
  const [contact, setContact] = useState(emptyContact)
  const [address, setAddress] = useState<AddressDraft>(emptyAddress)
  const [chosenId, setChosenId] = useState<AddressChoice | null>(null)
  const [notes, setNotes] = useState('')
  const [terms, setTerms] = useState(false)

  // The session is checked after the page has shown: what a shopper typed as a guest (name and number) moves
  // into the new address's own fields when it turns out they are signed in, rather than being lost.
  const [wasSignedIn, setWasSignedIn] = useState(signedIn)
  if (signedIn !== wasSignedIn) {
    setWasSignedIn(signedIn)
    if (signedIn && (contact.name || contact.phone)) {
      setAddress((typed) => ({
        ...typed,
        name: typed.name || contact.name,
        phone: typed.phone || contact.phone,
      }))
    }
  }

  const savedList = saved.data ?? []
  const defaultSaved = savedList.find((a) => a.isDefault) ?? savedList[0]
  const selectedId: AddressChoice = chosenId ?? (signedIn && defaultSaved ? defaultSaved.id : 'new')
  const selectedSaved = selectedId === 'new' ? undefined : savedList.find((a) => a.id === selectedId)
  const typedZone = useZoneOf(address)
  /** the zone the shopper picked, by a saved address or the typed area; null until there is one */
  const knownZone: DeliveryZone | null = selectedSaved?.zone ?? typedZone?.zone ?? null
  const zone: DeliveryZone = knownZone ?? 'inside_dhaka'

  return {
    contact,
    setContact,
    address,
    setAddress,
    notes,
    setNotes,
    terms,
    setTerms,
    savedList,
    selectedId,
    setChosenId,
    selectedSaved,
    knownZone,
    zone,
  }
}
