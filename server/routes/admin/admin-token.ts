/** The token of `Authorization: Bearer <token>`, whatever its characters, or null. */
export function adminBearer(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S{1,500})$/i.exec(header ?? '')
  return match?.[1] ?? null
}
