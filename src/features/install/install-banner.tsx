import { lazy, Suspense } from 'react'
import { useInstallBannerOffer } from './install-state'

// the card's texts and styles load only when it is offered (from the second visit on), never on a first visit
const InstallCard = lazy(() => import('./install-app'))

/** A small dismissible card from the second visit on, never covering the page's own controls for long. */
export function InstallBanner() {
  const offer = useInstallBannerOffer()
  if (offer === null) return null
  return (
    <Suspense fallback={null}>
      <InstallCard offer={offer} />
    </Suspense>
  )
}
