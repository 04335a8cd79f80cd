// One rule for the PWA and the API: the number as 01XXXXXXXXX, or null when it is not a mobile number.
export { isMobileNumber, normalizeBdPhone } from '../../src/lib/phone'
