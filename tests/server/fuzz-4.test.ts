import { fuzzShare } from './fuzz-support'

// every route's malformed requests (fuzz-support.ts): the fourth of four shares of the routes
await fuzzShare(3, 4)
