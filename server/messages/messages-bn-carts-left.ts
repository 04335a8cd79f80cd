/** Carts left behind: the reminder, its pages' answers and refusals in Bangla, keyed by their English text (joined into messages-bn.ts). */
export const messagesBnCartsLeft: Record<string, string> = {
  '{shop}: you left {items} in your cart. Pick up where you left off: {link} (no more reminders: {stop})':
    '{shop}: আপনার কার্টে {items} রয়ে গেছে। যেখানে ছেড়েছিলেন সেখান থেকে শুরু করুন: {link} (আর মনে করিয়ে দিতে না চাইলে: {stop})',
  'You left {items} in your cart: tap to pick up where you left off':
    'আপনার কার্টে {items} রয়ে গেছে: যেখানে ছেড়েছিলেন সেখান থেকে শুরু করতে চাপুন',
  '1 item': '১টি পণ্য',
  '{count} items': '{count}টি পণ্য',
  'This link is not one of ours': 'এই লিংকটি আমাদের নয়',
  'This link has expired or is not one of ours': 'এই লিংকটির মেয়াদ শেষ হয়েছে বা এটি আমাদের নয়',
  'You will not be reminded of carts left behind again.':
    'কার্টে রেখে যাওয়া পণ্যের কথা আপনাকে আর মনে করিয়ে দেওয়া হবে না।',
  'Too many carts sent.': 'অনেকগুলো কার্ট পাঠানো হয়েছে।',
  'Enter a whole number of hours from 1 to 72': '১ থেকে ৭২ এর মধ্যে ঘণ্টার একটি পূর্ণ সংখ্যা লিখুন',
  'Reminders of carts left behind': 'রেখে যাওয়া কার্টের কথা মনে করানো',
  'Stop reminders of carts you leave behind at this shop?': 'এই দোকানে রেখে যাওয়া কার্টের কথা মনে করানো বন্ধ করবেন?',
  'Stop reminders': 'মনে করানো বন্ধ করুন',
}
