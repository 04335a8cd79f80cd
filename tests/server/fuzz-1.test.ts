import { fuzzShare } from './fuzz-support'

// every route's malformed requests (fuzz-support.ts): the first of four shares of the routes
await fuzzShare(0, 4)
