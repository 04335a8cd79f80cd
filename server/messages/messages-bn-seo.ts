/** The titles the server writes into listing pages' heads, in Bangla (joined into messages-bn.ts). */
export const messagesBnSeo: Record<string, string> = {
  // as the app's own texts say them (src/i18n/messages/bn/catalog.json)
  Search: 'খুঁজুন',
  'Search results for “{term}”': '“{term}”-এর সার্চ ফলাফল',
  'Page {count}': 'পেজ {count}',
  // the product feeds (server/routes/feeds)
  'The feed could not be built; try again later': 'ফিডটি তৈরি করা যায়নি; পরে আবার চেষ্টা করুন',
}
