// Public face of order updates by web push: the offer to allow them, on a page the route chooses. Routes load
// it lazily (`import('…/order-updates')`): none of it is in a first visit.
export { OrderUpdatesOffer } from './order-updates-panel'
