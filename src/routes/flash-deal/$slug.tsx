import { createFileRoute } from '@tanstack/react-router'
import { scopedListingRoute } from '../../features/catalog'

export const Route = createFileRoute('/flash-deal/$slug')(scopedListingRoute('campaign'))
