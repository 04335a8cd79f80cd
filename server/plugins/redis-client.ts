import type { FastifyInstance } from 'fastify'
import { type Command, Redis, type RedisOptions } from 'ioredis'
import { oneLineReason, serviceAddress } from '../db/unavailable'

/**
 * How the API waits on Redis: a command fails within a second when Redis is down or silent (its caller
 * answers 503), nothing queues up while it is away, and the connection is opened again in the background
 * until it is back.
 */
const redisOptions = {
  lazyConnect: true,
  connectTimeout: 2_000,
  commandTimeout: 1_000,
  // closing a connection to a silent server does not wait for its goodbye
  disconnectTimeout: 500,
  // while disconnected, commands fail at once rather than wait in a queue for a Redis that may not return
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  // a command cut off by a lost connection has already failed its request: it is not sent again later
  autoResendUnfulfilledCommands: false,
  retryStrategy: (attempt: number) => Math.min(attempt * 200, 2_000),
  disableClientInfo: true,
} satisfies RedisOptions

/**
 * A Redis client that drops a connection on which a command timed out: a server that stopped answering,
 * or a network that swallows packets, would otherwise leave every later command waiting on the same dead
 * socket. The reconnection then goes through `retryStrategy` like any other.
 */
class ReconnectingRedis extends Redis {
  override sendCommand(command: Command, stream?: Parameters<Redis['sendCommand']>[1]): unknown {
    const connection = this.stream
    const sent = super.sendCommand(command, stream)
    command.promise.catch((error: unknown) => {
      const timedOut = error instanceof Error && error.message === 'Command timed out'
      // only the connection the command went out on, and only while it is still the one in use
      if (timedOut && this.stream === connection && this.status === 'ready') this.disconnect(true)
    })
    return sent
  }
}

/** Connects to REDIS_URL, or fails within seconds with one line saying where and why. */
export async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const redis = new ReconnectingRedis(url, redisOptions)
  let lastError: Error | undefined
  let down = false
  redis.on('error', (error: Error) => {
    lastError = error
    // one warning per outage, not one per reconnection attempt
    if (!down) app.log.warn(`Redis unavailable: ${error.message}`)
    down = true
  })
  redis.on('ready', () => {
    if (down) app.log.info('Redis is back')
    down = false
  })
  try {
    await redis.connect()
  } catch (error) {
    // stop the reconnection attempts: the start has failed
    redis.disconnect()
    const reason = oneLineReason(lastError ?? error)
    throw new Error(`Redis at ${serviceAddress(url, 6379)} is not reachable: ${reason}`, {
      cause: lastError ?? error,
    })
  }
  return redis
}
