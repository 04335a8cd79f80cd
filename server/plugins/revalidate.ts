import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** An If-None-Match header names this validator (weakly or strongly, or `*`). */
export function matchesETag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag)
}

/**
 * A route's `onSend` for small documents the back office edits (menus, pages, the shop's details): browsers
 * and the worker ask again each time (`no-cache`) and get a 304 without the body while it is unchanged, so an
 * owner's change shows on the next page view instead of a minute later.
 */
export async function revalidateEachTime(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload
  const etag = `"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`
  reply.header('cache-control', 'no-cache').header('etag', etag)
  if (!matchesETag(request.headers['if-none-match'], etag)) return payload
  reply.code(304).removeHeader('content-type')
  return ''
}
