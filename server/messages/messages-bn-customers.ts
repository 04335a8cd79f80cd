/** The customers and reviews texts of the API in Bangla, keyed by their English text (joined into messages-bn.ts). */
export const messagesBnCustomers: Record<string, string> = {
  'Cash on delivery is not available for this number. Please contact the shop.':
    'এই নম্বরে ক্যাশ অন ডেলিভারি নেওয়া যাচ্ছে না। অনুগ্রহ করে দোকানে যোগাযোগ করুন।',
  'Customer not found': 'গ্রাহককে পাওয়া যায়নি',
  'No mobile number: the row is left out': 'মোবাইল নম্বর নেই: সারিটি বাদ দেওয়া হলো',
  'Not a Bangladeshi mobile number: the row is left out': 'বাংলাদেশের মোবাইল নম্বর নয়: সারিটি বাদ দেওয়া হলো',
  'The file is not a customers or orders export from Shopify or WooCommerce: its header is not one of theirs':
    'ফাইলটি Shopify বা WooCommerce-এর গ্রাহক বা অর্ডার এক্সপোর্ট নয়: এর শিরোনামের সারি তাদের কোনোটির সাথে মেলে না',
  'Search to see more than {count} customers': '{count} জনের বেশি গ্রাহক দেখতে খুঁজে নিন',
  'The shop does not take orders for this number. Please contact the shop.':
    'দোকান এই নম্বরের অর্ডার নিচ্ছে না। অনুগ্রহ করে দোকানে যোগাযোগ করুন।',
  'This account has been blocked by the shop. Please contact the shop for help.':
    'দোকান এই অ্যাকাউন্টটি বন্ধ করে দিয়েছে। সাহায্যের জন্য দোকানে যোগাযোগ করুন।',
  'This customer has no number': 'এই গ্রাহকের কোনো নম্বর নেই',
  'Write the note': 'নোটটি লিখুন',
  'This customer has no account: reward points are kept by accounts':
    'এই গ্রাহকের অ্যাকাউন্ট নেই: রিওয়ার্ড পয়েন্ট শুধু অ্যাকাউন্টে জমা থাকে',
  'The balance cannot go below 0': 'ব্যালান্স ০-এর নিচে যেতে পারে না',
  'Say why the points change': 'পয়েন্ট কেন বদলাচ্ছে লিখুন',
  'Enter a whole number of points to add, or below 0 to take off (not 0)':
    'যোগ করতে পয়েন্টের পূর্ণ সংখ্যা লিখুন, কমাতে ০-এর কম (০ নয়)',
}
