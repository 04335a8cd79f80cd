import { fuzzShare } from './fuzz-support'

// the 1. of four shares of every route's malformed requests (fuzz-support.ts)
await fuzzShare(0, 4)
