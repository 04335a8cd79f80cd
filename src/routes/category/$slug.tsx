import { createFileRoute } from '@tanstack/react-router'
import { scopedListingRoute } from '../../features/catalog'

export const Route = createFileRoute('/category/$slug')(scopedListingRoute('category'))
