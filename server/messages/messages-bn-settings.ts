/** The back office's settings API texts in Bangla, keyed by their English text (joined into messages-bn.ts). */
export const messagesBnSettings: Record<string, string> = {
  'Enter the pixel ID: digits only, as Events Manager shows it':
    'পিক্সেল আইডি লিখুন: শুধু অঙ্ক, ইভেন্টস ম্যানেজারে যেমন দেখায়',
  'Enter the measurement ID, like G-ABC123XYZ': 'মেজারমেন্ট আইডি লিখুন, যেমন G-ABC123XYZ',
  'Paste the whole key, without spaces': 'পুরো কী-টি পেস্ট করুন, ফাঁকা জায়গা ছাড়া',
  'Enter the test event code as Events Manager shows it, like TEST12345':
    'ইভেন্টস ম্যানেজারে যেমন দেখায় তেমন টেস্ট ইভেন্ট কোড লিখুন, যেমন TEST12345',
  'Enter a mobile number like 01712345678, or leave it empty':
    '01712345678-এর মতো একটি মোবাইল নম্বর লিখুন, অথবা খালি রাখুন',
  'Give the number of at least one wallet to send money to': 'টাকা পাঠানোর জন্য অন্তত একটি ওয়ালেটের নম্বর দিন',
  'Enter a whole number of taka from 0 to 10000000 (0: no limit)':
    '০ থেকে ১০০০০০০০ পর্যন্ত টাকার একটি পূর্ণ সংখ্যা লিখুন (০: কোনো সীমা নেই)',
  'Enter a whole number of taka from 0 to 10000000 (0: never)':
    '০ থেকে ১০০০০০০০ পর্যন্ত টাকার একটি পূর্ণ সংখ্যা লিখুন (০: কখনো নয়)',
  'Switch on bKash or Send Money to take the delivery charge in advance':
    'অগ্রিম ডেলিভারি চার্জ নিতে বিকাশ অথবা সেন্ড মানি চালু করুন',
  'Enter a whole number from 0 to 100 (0: no limit)': '০ থেকে ১০০ পর্যন্ত একটি পূর্ণ সংখ্যা লিখুন (০: কোনো সীমা নেই)',
  'Enter a weight from 0 to 100 kg, in steps of 0.5': '০ থেকে ১০০ কেজির মধ্যে ওজন দিন, ০.৫ কেজির ধাপে',
  'Enter a whole number of taka from 0 to 10000000 (0: never free)':
    '০ থেকে ১০০০০০০০ পর্যন্ত টাকার একটি পূর্ণ সংখ্যা লিখুন (০: কখনো ফ্রি নয়)',
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
  'Enter a whole number from 1 to 1000': '১ থেকে ১০০০ পর্যন্ত একটি পূর্ণ সংখ্যা লিখুন',
  'Enter a whole number from 1 to 10000': '১ থেকে ১০০০০ পর্যন্ত একটি পূর্ণ সংখ্যা লিখুন',
  'Enter a whole number from 0 to 10000 (0: no limit)':
    '০ থেকে ১০০০০ পর্যন্ত একটি পূর্ণ সংখ্যা লিখুন (০: কোনো সীমা নেই)',
  'Enter a Bangladeshi mobile number (01xxx-xxxxxx) or an international one starting with + (+44 7700 900123)':
    'বাংলাদেশের একটি মোবাইল নম্বর (01xxx-xxxxxx) অথবা + দিয়ে শুরু হওয়া আন্তর্জাতিক নম্বর (+44 7700 900123) দিন',
  'Enter the page’s username as in m.me/username: at least 5 letters, digits or full stops':
    'm.me/username-এর মতো পেজের ইউজারনেম দিন: অন্তত ৫টি অক্ষর, অঙ্ক বা দাঁড়ি (.)',
  'Fill this in to show it on product pages': 'পণ্যের পাতায় দেখাতে এটি পূরণ করুন',
  'Enter a whole number of points from 0 to 100 (0: none earned)':
    '০ থেকে ১০০-এর মধ্যে পয়েন্টের পূর্ণ সংখ্যা দিন (০: কোনো পয়েন্ট নয়)',
  'Enter a value from 0.01 to 100 TK': '০.০১ থেকে ১০০ টাকার মধ্যে মূল্য দিন',
  'Enter a whole number of points from 0 to 1000000': '০ থেকে ১০,০০,০০০-এর মধ্যে পয়েন্টের পূর্ণ সংখ্যা দিন',
  'Enter a percentage from 1 to 100': '১ থেকে ১০০-এর মধ্যে শতাংশ দিন',
}
