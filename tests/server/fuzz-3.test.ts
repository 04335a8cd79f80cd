import { fuzzShare } from './fuzz-support'

// every route's malformed requests (fuzz-support.ts): the third of four shares of the routes
await fuzzShare(2, 4)
