import { createFileRoute } from '@tanstack/react-router'
import { AddressBookPage } from '../../features/account'

export const Route = createFileRoute('/user/address')({ component: AddressBookPage })
