import { createFileRoute } from '@tanstack/react-router'
import { HomePage, prefetchHomePage } from '../features/home'

export const Route = createFileRoute('/')({
  // not awaited: the page shows its skeletons at once while every section's data is on its way
  loader: ({ context }) => {
    void prefetchHomePage(context.queryClient)
  },
  component: HomePage,
})
