/**
 * What a rule or a repository refuses, said without HTTP: a kind and, per field, its messages. The app's error
 * handler (server/plugins/error-handler.ts) answers it with the kind's status and the storefront §8 shape
 * `{ error: { field: [messages] } }`; a caller that is not a request (a job) reads the kind.
 */
export type DomainErrorKind = 'invalid' | 'not-found' | 'forbidden' | 'conflict' | 'refused' | 'unavailable'

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly fields: Record<string, string[]>,
  ) {
    super(Object.values(fields).flat()[0] ?? kind)
    this.name = 'DomainError'
  }
}

/** the request says something that cannot be (400) */
export const invalid = (field: string, message: string) => new DomainError('invalid', { [field]: [message] })
/** what it names is not there (404) */
export const notFound = (field: string, message: string) =>
  new DomainError('not-found', { [field]: [message] })
/** the state of things does not allow it now (409) */
export const conflict = (fields: Record<string, string[]>) => new DomainError('conflict', fields)
/** well formed, but the shop's rules refuse it (422) */
export const refused = (field: string, message: string) => new DomainError('refused', { [field]: [message] })
