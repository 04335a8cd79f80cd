import { encodeCatalogueImage, keepCatalogueImage } from '../../media/catalogue-images'
import { type FetchImageOptions, fetchImage, ImageFetchRefused } from '../../media/fetch-image'
import type { MediaStore } from '../../media/store'
import { GroupFailure } from './groups'

/** What an address gave: the media path of its photo, or why there is none. */
type Outcome = { path: string } | { missing: string }

/**
 * Photos named by their web address (as Shopify's and WooCommerce's exports name them), each fetched once per
 * import or check: what it gave, as it is being fetched or once it has been.
 */
export type WebPhotos = { fetching: FetchImageOptions; outcomes: Map<string, Promise<Outcome>> }

export const webPhotos = (fetching: FetchImageOptions): WebPhotos => ({ fetching, outcomes: new Map() })

/** Photos fetched at once: a shop's photo host answers in its own time, and most of it is waiting. */
const FETCHING_AT_ONCE = 4

/** Why an address gave no photo, in the shop's words (server/messages has them in Bangla). */
function refusalMessage(error: ImageFetchRefused, timeoutMs: number): string {
  switch (error.why) {
    case 'invalid':
      return 'This is not the web address of a photo'
    case 'private':
      return 'This address is not on the public internet'
    case 'timeout':
      return `No photo came within ${timeoutMs / 1000} seconds`
    case 'status':
      return `The address answered ${error.status} instead of a photo`
    case 'redirects':
      return 'The address redirects too many times'
    case 'too-large':
      return 'The photo is above 5 MB'
    case 'broken':
      return 'The photo broke off as it came'
    default:
      return 'The address could not be reached'
  }
}

/** The encoder's refusal (an upload's 413 or 415) in the shop's words. */
const encodeMessage = (error: unknown) =>
  (error as { statusCode?: number }).statusCode === 413
    ? 'The photo is above 25 megapixels'
    : 'The address gave no JPEG, PNG or WebP photo'

/**
 * What the address gives, fetched once: the photo is fetched and re-encoded as the import stores it, so a
 * check (which keeps nothing) finds the same photos missing and the same paths as the import: its counts are
 * the import's. Rejected when the photo could not be kept (tried again when asked again).
 */
function outcomeOf(media: MediaStore, address: string, photos: WebPhotos, dryRun: boolean): Promise<Outcome> {
  const known = photos.outcomes.get(address)
  if (known) return known
  const outcome = (async (): Promise<Outcome> => {
    let encoded: Awaited<ReturnType<typeof encodeCatalogueImage>>
    try {
      encoded = await encodeCatalogueImage(await fetchImage(address, photos.fetching), 'product')
    } catch (error) {
      if (error instanceof ImageFetchRefused) {
        return { missing: refusalMessage(error, photos.fetching.timeoutMs) }
      }
      return { missing: encodeMessage(error) }
    }
    if (!dryRun) await keepCatalogueImage(media, encoded)
    return { path: encoded.path }
  })()
  photos.outcomes.set(address, outcome)
  outcome.catch(() => photos.outcomes.delete(address))
  return outcome
}

/** The media path of the photo at `address`, or why there is none (outcomeOf). */
export async function webPhoto(
  media: MediaStore,
  address: string,
  photos: WebPhotos,
  dryRun: boolean,
  row: number,
  code: string,
): Promise<Outcome> {
  try {
    return await outcomeOf(media, address, photos, dryRun)
  } catch {
    throw new GroupFailure(row, code, 'images', `The photo at ${address} could not be kept: try again`)
  }
}

/**
 * Fetches a batch's photo addresses a few at a time before its products are planned one by one, which then
 * find them fetched. What each gives is the same whatever the order.
 */
export async function prefetchWebPhotos(
  media: MediaStore,
  addresses: readonly string[],
  photos: WebPhotos,
  dryRun: boolean,
): Promise<void> {
  const queue = [...new Set(addresses)].filter((address) => !photos.outcomes.has(address))
  const worker = async () => {
    for (let address = queue.shift(); address !== undefined; address = queue.shift()) {
      // a photo that could not be kept is tried again, and refused, as its product is planned
      await outcomeOf(media, address, photos, dryRun).catch(() => undefined)
    }
  }
  await Promise.all(Array.from({ length: FETCHING_AT_ONCE }, worker))
}
