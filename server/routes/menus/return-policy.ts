import type { FastifyInstance } from 'fastify'
import type { Language } from '../../../src/contract/language'
import type { PageDocument } from '../../../src/contract/menu'
import { markdownBlocks } from '../../domain/markdown'
import { translateMessage } from '../../messages/translate'

/** the address of the Return Policy page (the footer's link, the product page's returns line) */
export const RETURN_POLICY_SLUG = 'return-policy'

/**
 * The Return Policy page from the shop's settings, the one record the product page's returns line reads too:
 * the settings' policy in `language` (an empty Bangla one: English), titled as the shop's own page of that
 * address is (else "Return Policy"). Null when the settings hold no policy: the page is then the shop's page.
 */
export async function returnPolicyPage(
  app: FastifyInstance,
  asked: Language,
): Promise<{ page: PageDocument; language: Language } | null> {
  const policy = (await app.settings.current()).settings.returnPolicy
  const language: Language = asked === 'bn' && policy.bn.trim() !== '' ? 'bn' : 'en'
  const text = policy[language]
  if (text.trim() === '') return null
  const own = await app.content.page(RETURN_POLICY_SLUG, language)
  const title = own?.language === language ? own.page.title : translateMessage('Return Policy', language)
  return { page: { slug: RETURN_POLICY_SLUG, title, blocks: markdownBlocks(text) }, language }
}
