import { fuzzShare } from './fuzz-support'

// every route's malformed requests (fuzz-support.ts): the second of four shares of the routes
await fuzzShare(1, 4)
