import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * JSON the catalogue keeps (a listing page, a product) is answered compressed from forms kept beside it: a
 * page asked again is not compressed again. Kept by the answer's own Buffer, so they go when it goes.
 */
const forms = new WeakMap<Buffer, { br?: Buffer; gzip?: Buffer }>()

/** smaller answers are sent as they are (as the compression plugin's threshold) */
const SMALLEST = 1024
/** brotli's quality for answers made on request: fast, and still smaller than gzip */
const BROTLI_QUALITY = 4

type Encoding = 'br' | 'gzip'

/** The encoding to answer in: brotli, else gzip, when the request accepts it (a zero weight refuses). */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null
  const weights = new Map<string, number>()
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...parameters] = part.split(';').map((piece) => piece.trim())
    if (!name) continue
    const q = parameters.find((parameter) => parameter.startsWith('q='))
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1)
  }
  const accepts = (encoding: Encoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0
  if (accepts('br')) return 'br'
  if (accepts('gzip')) return 'gzip'
  return null
}

/**
 * zlib's synchronous result is a view of its 16 KB output chunk: kept as it is, a 2 KB answer compressed to
 * 600 bytes would hold all 16 KB. The kept form is a copy of its own bytes.
 */
function ownBytes(view: Buffer): Buffer {
  if (view.byteLength === view.buffer.byteLength) return view
  const own = Buffer.allocUnsafeSlow(view.length)
  view.copy(own)
  return own
}

/** The answer's compressed form, made once and kept beside it. */
export function compressed(json: Buffer, encoding: Encoding): Buffer {
  let kept = forms.get(json)
  if (!kept) {
    kept = {}
    forms.set(json, kept)
  }
  kept[encoding] ??= ownBytes(
    encoding === 'br'
      ? brotliCompressSync(json, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
          },
        })
      : gzipSync(json),
  )
  return kept[encoding]
}

/**
 * Answers JSON already checked against the contract and serialized, compressed as the request accepts (the
 * compressed form kept with the JSON); the answer varies with Accept-Encoding.
 */
export function sendJson(request: FastifyRequest, reply: FastifyReply, json: string | Buffer) {
  reply.header('content-type', 'application/json; charset=utf-8')
  // a string is not kept by the catalogue: the compression plugin handles it as any other answer
  if (typeof json === 'string' || json.length < SMALLEST) return reply.send(json)
  const encoding = acceptedEncoding(request.headers['accept-encoding'])
  if (!encoding) return reply.send(json)
  const vary = reply.getHeader('vary')
  reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
  return reply.header('content-encoding', encoding).send(compressed(json, encoding))
}
