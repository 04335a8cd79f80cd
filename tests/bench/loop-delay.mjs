// Loaded into the benchmarked server with `--import` (tests/bench/run.ts): how long its event loop stalled.
// SIGUSR2 writes the delays seen since the last signal (and where its memory is) to BENCH_LOOP_FILE and starts
// counting again.
import { renameSync, writeFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'

const file = process.env.BENCH_LOOP_FILE
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 5 })
  delay.enable()
  let asked = 0
  process.on('SIGUSR2', () => {
    asked += 1
    const ms = (ns) => Math.round(ns / 1e5) / 10
    const memory = process.memoryUsage()
    const mb = (bytes) => Math.round(bytes / 1e6)
    const figures = {
      asked,
      max: ms(delay.max),
      p99: ms(delay.percentile(99)),
      mean: ms(delay.mean),
      // where the server's memory is: the JavaScript heap, buffers outside it, and all of it
      heapMb: mb(memory.heapUsed),
      externalMb: mb(memory.external),
      rssMb: mb(memory.rss),
    }
    // whole or not at all: the bench reads it as soon as it changes
    writeFileSync(`${file}.tmp`, JSON.stringify(figures))
    renameSync(`${file}.tmp`, file)
    delay.reset()
  })
}
