/** The back office's orders API texts in Bangla, keyed by their English text (joined into messages-bn.ts). */
export const messagesBnOrders: Record<string, string> = {
  'A {from} order cannot be made {to}': '{from} অবস্থার অর্ডারকে {to} করা যায় না',
  'At most {count} orders at once': 'একবারে সর্বোচ্চ {count}টি অর্ডার বেছে নেওয়া যাবে',
  'Choose at least one order': 'অন্তত একটি অর্ডার বেছে নিন',
  'Choose the orders to export': 'কোন অর্ডারগুলো এক্সপোর্ট করবেন, বেছে নিন',
  'Enter a date as YYYY-MM-DD': 'তারিখ YYYY-MM-DD আকারে লিখুন',
  'Enter the courier': 'কুরিয়ারের নাম লিখুন',
  'Enter the tracking number': 'ট্র্যাকিং নম্বর লিখুন',
  'Everything in this order has already come back': 'এই অর্ডারের সব পণ্য আগেই ফেরত এসেছে',
  'Give the reason': 'কারণ লিখুন',
  'Narrow the filters to see more than {count} orders': '{count}টির বেশি অর্ডার দেখতে ফিল্টার দিয়ে তালিকা ছোট করুন',
  'Only {count} of {sku} can come back': '{sku}-এর সর্বোচ্চ {count}টি ফেরত নেওয়া যায়',
  'This item is not in the order': 'এই পণ্যটি অর্ডারে নেই',
  'This order is already {status}': 'অর্ডারটি আগে থেকেই {status}',
  'Write the note': 'নোট লিখুন',
  '{sku} has already come back': '{sku} আগেই ফেরত এসেছে',
}
