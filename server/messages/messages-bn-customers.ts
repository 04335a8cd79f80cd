/** The customers and reviews texts of the API in Bangla, keyed by their English text (joined into messages-bn.ts). */
export const messagesBnCustomers: Record<string, string> = {
  'Cash on delivery is not available for this number. Please contact the shop.':
    'এই নম্বরে ক্যাশ অন ডেলিভারি নেওয়া যাচ্ছে না। অনুগ্রহ করে দোকানে যোগাযোগ করুন।',
  'Customer not found': 'গ্রাহককে পাওয়া যায়নি',
  'Search to see more than {count} customers': '{count} জনের বেশি গ্রাহক দেখতে খুঁজে নিন',
  'This account has been blocked by the shop. Please contact the shop for help.':
    'দোকান এই অ্যাকাউন্টটি বন্ধ করে দিয়েছে। সাহায্যের জন্য দোকানে যোগাযোগ করুন।',
  'Write the note': 'নোটটি লিখুন',
}
