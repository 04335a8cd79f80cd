import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '../features/home'
import { menuQuery } from '../features/menu'

export const Route = createFileRoute('/')({
  loader: ({ context }) => {
    // the menu decides which sections the home page shows; the sections load on their own
    void context.queryClient.prefetchQuery(menuQuery('main_menu'))
  },
  component: HomePage,
})
