import { createFileRoute } from '@tanstack/react-router'
import { scopedListingRoute } from '../../features/catalog'

export const Route = createFileRoute('/brand/$slug')(scopedListingRoute('brand'))
