import { fuzzShare } from './fuzz-support'

// the 4. of four shares of every route's malformed requests (fuzz-support.ts)
await fuzzShare(3, 4)
