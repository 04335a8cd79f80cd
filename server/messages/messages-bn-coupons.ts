/** The coupons' texts of the API in Bangla, keyed by their English text (joined into messages-bn.ts). */
export const messagesBnCoupons: Record<string, string> = {
  // what a shopper's order is told
  'This coupon has been used up': 'এই কুপনটির সব ব্যবহার শেষ হয়ে গেছে',
  'You have already used this coupon': 'আপনি এই কুপনটি আগেই ব্যবহার করেছেন',
  'This coupon is only for a first order': 'এই কুপনটি শুধু প্রথম অর্ডারের জন্য',
  // the back office
  'Coupon not found': 'কুপনটি পাওয়া যায়নি',
  'A coupon with this code already exists': 'এই কোডের একটি কুপন আগে থেকেই আছে',
  'Use 3 to 30 letters, digits, - or _': '৩ থেকে ৩০টি অক্ষর, সংখ্যা, - বা _ ব্যবহার করুন',
  'Enter 0 or more': '০ বা তার বেশি দিন',
  'Enter 1 or more': '১ বা তার বেশি দিন',
  'Enter an amount above 0': '০-এর বেশি একটি পরিমাণ দিন',
  'A percentage is at most 100': 'শতাংশ সর্বোচ্চ ১০০ হতে পারে',
  'Enter a discount above 0, or give free delivery': '০-এর বেশি ছাড় দিন, অথবা ফ্রি ডেলিভারি দিন',
  'The limit cannot be below the uses so far ({count})':
    'সীমা এ পর্যন্ত হওয়া ব্যবহারের ({count}) চেয়ে কম হতে পারে না',
  'Orders have used this coupon: disable it instead of deleting it':
    'অর্ডারে এই কুপনটি ব্যবহার হয়েছে: মুছে না ফেলে এটি বন্ধ করে দিন',
  'Search to see more than {count} coupons': '{count}টির বেশি কুপন দেখতে খুঁজে নিন',
  // promotions
  'Add at least one tier': 'অন্তত একটি ধাপ যোগ করুন',
  'At most 5 tiers': 'সর্বোচ্চ ৫টি ধাপ',
  'At most 6 products': 'সর্বোচ্চ ৬টি পণ্য',
  'At most 10': 'সর্বোচ্চ ১০',
  'At most 90': 'সর্বোচ্চ ৯০',
  'At most 100': 'সর্বোচ্চ ১০০',
  'Choose at least two products': 'অন্তত দুটি পণ্য বেছে নিন',
  'Choose categories of this shop': 'এই শপের ক্যাটাগরি বেছে নিন',
  'Choose each product once': 'প্রতিটি পণ্য একবারই বেছে নিন',
  'Choose products of this shop': 'এই শপের পণ্য বেছে নিন',
  'End after the start': 'শুরুর পরে শেষ হতে হবে',
  'Give each tier its own amount': 'প্রতিটি ধাপের আলাদা টাকার অঙ্ক দিন',
  'Give product ids': 'পণ্যের আইডি দিন',
  'Promotion not found': 'প্রমোশনটি পাওয়া যায়নি',
}
