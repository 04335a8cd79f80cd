/** The shop's numbers' texts of the API in Bangla, keyed by their English text (joined into messages-bn.ts). */
export const messagesBnReports: Record<string, string> = {
  'Enter a date that exists': 'একটি সঠিক তারিখ দিন',
  'Enter a date from 2000-01-01 to 2100-12-31': '২০০০-০১-০১ থেকে ২১০০-১২-৩১-এর মধ্যে একটি তারিখ দিন',
  'The end date must not be before the start date': 'শেষের তারিখ শুরুর তারিখের আগে হতে পারে না',
  'Choose at most {count} days': 'সর্বোচ্চ {count} দিন বেছে নিন',
  'Choose the start date': 'শুরুর তারিখ বেছে নিন',
  'Choose the end date': 'শেষের তারিখ বেছে নিন',
  // an order's channel when its landing was not recorded (src/contract/admin-attribution.ts)
  'Not recorded': 'জানা নেই',
  // an order's source as the sales report names it (src/contract/admin-order-create.ts)
  'Phone call': 'ফোন কল',
}
