/**
 * Errors a route may throw on purpose. The app's error handler answers them with the SPEC §8
 * shape `{ error: { field: [messages] } }` and their status; anything else unexpected is a 500
 * that names no internals.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly fields: Record<string, string[]>,
    readonly headers: Record<string, string> = {},
  ) {
    super(Object.values(fields).flat()[0] ?? 'Request failed')
    this.name = 'HttpError'
  }
}

export const badRequest = (field: string, message: string) => new HttpError(400, { [field]: [message] })
export const unauthorized = (message = 'Please log in to continue') => new HttpError(401, { auth: [message] })
export const forbidden = (message = 'Not allowed') => new HttpError(403, { auth: [message] })
export const notFound = (field: string, message: string) => new HttpError(404, { [field]: [message] })
export const conflict = (fields: Record<string, string[]>) => new HttpError(409, fields)
export const unprocessable = (field: string, message: string) => new HttpError(422, { [field]: [message] })
