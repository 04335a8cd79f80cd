// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  type RequestSpec = {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
    setupRequest?: (request: RequestSpec) => RequestSpec
  }
  type Options = {
    url: string
    connections?: number
    duration?: number
    amount?: number
    headers?: Record<string, string>
    requests?: RequestSpec[]
  }
  type Result = {
    requests: { average: number; total: number }
    throughput: { average: number }
    errors: number
    non2xx: number
    '2xx': number
  }
  type Instance = EventEmitter &
    Promise<Result> & {
      on(
        event: 'response',
        listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void,
      ): Instance
    }
  function autocannon(options: Options): Instance
  export default autocannon
}
