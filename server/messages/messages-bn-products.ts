/** The back office's products API texts in Bangla, keyed by their English text (joined into messages-bn.ts). */
export const messagesBnProducts: Record<string, string> = {
  'At most {count} products at once': 'একবারে সর্বোচ্চ {count}টি পণ্য বেছে নেওয়া যাবে',
  'Campaign not found': 'ক্যাম্পেইনটি পাওয়া যায়নি',
  'Choose at least one product': 'অন্তত একটি পণ্য বেছে নিন',
  'Enter a number other than 0': '০ ছাড়া অন্য কোনো সংখ্যা দিন',
  'Narrow the filters to see more than {count} products': '{count}টির বেশি পণ্য দেখতে ফিল্টার দিয়ে তালিকা ছোট করুন',
  'Stock would go below 0 for {names}': '{names}-এর স্টক ০-এর নিচে নেমে যেত',
}
