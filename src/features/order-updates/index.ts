// Public face of order updates by web push: the offer to allow them, on a page the route chooses.
export { OrderUpdatesOffer } from './order-updates-offer'
