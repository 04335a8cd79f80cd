import { fuzzShare } from './fuzz-support'

// the 3. of four shares of every route's malformed requests (fuzz-support.ts)
await fuzzShare(2, 4)
