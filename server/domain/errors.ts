/**
 * What a rule of the shop refuses, in the shop's terms: the kind of refusal and its messages by field
 * (storefront §8 shape). Repositories throw these; the error handler (`plugins/errors.ts`) gives each kind
 * its HTTP status, so no repository speaks HTTP.
 */
export type DomainErrorKind = 'invalid' | 'not-found' | 'conflict'

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly fields: Record<string, string[]>,
  ) {
    super(Object.values(fields).flat()[0] ?? 'Refused')
    this.name = 'DomainError'
  }
}

/** A value the rules do not accept. */
export const invalid = (field: string, message: string) => new DomainError('invalid', { [field]: [message] })
/** Nothing of that name or id. */
export const notFound = (field: string, message: string) =>
  new DomainError('not-found', { [field]: [message] })
/** The request is sound, but what is stored (a taken slug, a newer version, stock used up) refuses it. */
export const conflict = (fields: Record<string, string[]>) => new DomainError('conflict', fields)
