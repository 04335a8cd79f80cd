import { fuzzShare } from './fuzz-support'

// the 2. of four shares of every route's malformed requests (fuzz-support.ts)
await fuzzShare(1, 4)
