/** The back office's settings API texts in Bangla, keyed by their English text (joined into messages-bn.ts). */
export const messagesBnSettings: Record<string, string> = {
  'Enter a whole number of taka from 0 to 10000000 (0: no limit)':
    '০ থেকে ১০০০০০০০ পর্যন্ত টাকার একটি পূর্ণ সংখ্যা লিখুন (০: কোনো সীমা নেই)',
  'Enter a whole number from 0 to 100 (0: no limit)': '০ থেকে ১০০ পর্যন্ত একটি পূর্ণ সংখ্যা লিখুন (০: কোনো সীমা নেই)',
  'Switch on at least one payment method': 'অন্তত একটি পেমেন্ট পদ্ধতি চালু রাখুন',
  'Changed by {name} at {time}': '{time}-এ {name} এটি বদলেছেন',
  'Enter a Bangladeshi phone number (01xxx-xxxxxx or 09xxx-xxxxxx)':
    'বাংলাদেশের একটি ফোন নম্বর দিন (01xxx-xxxxxx বা 09xxx-xxxxxx)',
  'Enter a charge from 0 to 10000 TK': '০ থেকে ১০০০০ টাকার মধ্যে চার্জ দিন',
  'Enter a full address starting with https://': 'https:// দিয়ে শুরু হওয়া পুরো ঠিকানা দিন',
  'Enter a percentage from 0 to 100': '০ থেকে ১০০-এর মধ্যে শতাংশ দিন',
  'Enter a valid email address': 'সঠিক ইমেইল ঠিকানা দিন',
  'Enter a whole number from 0 to 100000': '০ থেকে ১০০০০০-এর মধ্যে একটি পূর্ণ সংখ্যা দিন',
  'Fill in this field': 'এই ঘরটি পূরণ করুন',
  'Give one to three phone numbers': 'এক থেকে তিনটি ফোন নম্বর দিন',
  'Upload the logo again': 'লোগোটি আবার আপলোড করুন',
}
