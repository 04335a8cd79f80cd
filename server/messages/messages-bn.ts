import { messagesBnCartsLeft } from './messages-bn-carts-left'
import { messagesBnCatalogue } from './messages-bn-catalogue'
import { messagesBnContent } from './messages-bn-content'
import { messagesBnCoupons } from './messages-bn-coupons'
import { messagesBnCouriers } from './messages-bn-couriers'
import { messagesBnCustomers } from './messages-bn-customers'
import { messagesBnEditor } from './messages-bn-editor'
import { messagesBnImport } from './messages-bn-import'
import { messagesBnOrders } from './messages-bn-orders'
import { messagesBnProducts } from './messages-bn-products'
import { messagesBnReports } from './messages-bn-reports'
import { messagesBnSeo } from './messages-bn-seo'
import { messagesBnSettings } from './messages-bn-settings'
import { messagesBnStockAlerts } from './messages-bn-stock-alerts'

/**
 * The API's texts in Bangla, keyed by their English text: English stays the message in the code (and the
 * answer in English), so one table serves every error answer, wherever it was written. A key with
 * `{placeholders}` is a template for the messages that carry a number or a name (see translate.ts for what
 * each placeholder name stands for); its Bangla has the same placeholders. A new English message needs its
 * line here: tests/unit/api-messages.test.ts finds the ones that have none.
 */
export const messagesBn: Record<string, string> = {
  // the contract's own messages (src/contract)
  'At most {count} characters': 'সর্বোচ্চ {count} অক্ষর লেখা যাবে',
  'Choose a district': 'জেলা বেছে নিন',
  'Choose a division': 'বিভাগ বেছে নিন',
  'Choose a rating': 'রেটিং দিন',
  'Choose an area': 'এলাকা বেছে নিন',
  'Enter a coupon code': 'কুপন কোড লিখুন',
  'Enter a password': 'পাসওয়ার্ড দিন',
  'Enter a valid email': 'সঠিক ইমেইল দিন',
  'Enter a valid mobile number (01xxx-xxxxxx)': 'সঠিক মোবাইল নম্বর দিন (০১xxx-xxxxxx)',
  'Enter a valid mobile number, e.g. 01712345678': 'সঠিক মোবাইল নম্বর দিন, যেমন ০১৭১২৩৪৫৬৭৮',
  'Enter the 6-digit code': '৬ অঙ্কের কোডটি দিন',
  'Enter the name': 'নাম লিখুন',
  'Enter the street address': 'বাড়ি ও রাস্তার ঠিকানা লিখুন',
  'Enter your name': 'আপনার নাম লিখুন',
  'Please accept the terms and conditions': 'অনুগ্রহ করে শর্তাবলিতে সম্মতি দিন',
  'Not an event ID': 'এটি কোনো ইভেন্ট আইডি নয়',
  'Not a page address': 'এটি কোনো পেজের ঠিকানা নয়',
  'Remove the control characters from this text': 'লেখা থেকে অদৃশ্য কন্ট্রোল ক্যারেক্টারগুলো মুছে দিন',
  'Request a new code': 'নতুন কোড চেয়ে নিন',
  'The password is too long': 'পাসওয়ার্ডটি অনেক লম্বা',
  'Up to {count} photos': 'সর্বোচ্চ {count}টি ছবি দেওয়া যাবে',
  'Your cart is empty': 'আপনার কার্ট খালি',
  'user_key is required': 'user_key দিতে হবে',

  // accounts and sign-in
  'Please log in to continue': 'চালিয়ে যেতে লগ ইন করুন',
  'Not allowed': 'এটি করার অনুমতি নেই',
  'This account is disabled': 'এই অ্যাকাউন্টটি বন্ধ করা আছে',
  'The mobile number or password is not correct': 'মোবাইল নম্বর বা পাসওয়ার্ড সঠিক নয়',
  'Confirm your number first: log in with a one-time code (SEND CODE).':
    'আগে আপনার নম্বরটি নিশ্চিত করুন: ওয়ান-টাইম কোড দিয়ে লগ ইন করুন (কোড পাঠান)।',
  'The current password is not correct': 'বর্তমান পাসওয়ার্ডটি সঠিক নয়',
  'The sign-in could not be verified. Please try again.': 'সাইন-ইন যাচাই করা যায়নি। আবার চেষ্টা করুন।',
  'The code could not be sent. Try again in a moment.': 'কোডটি পাঠানো যায়নি। একটু পরে আবার চেষ্টা করুন।',
  'The code is not correct': 'কোডটি সঠিক নয়',
  'This code is not valid. Request a new one.': 'কোডটি সঠিক নয়। নতুন কোড চেয়ে নিন।',
  'This code has expired. Request a new one.': 'কোডটির মেয়াদ শেষ। নতুন কোড চেয়ে নিন।',
  'Too many wrong codes. Request a new one.': 'অনেকবার ভুল কোড দেওয়া হয়েছে। নতুন কোড চেয়ে নিন।',
  'Use at least {count} characters': 'কমপক্ষে {count} অক্ষর ব্যবহার করুন',
  'Use at most {count} characters': 'সর্বোচ্চ {count} অক্ষর ব্যবহার করুন',
  'Add a lowercase letter': 'অন্তত একটি ছোট হাতের অক্ষর (a-z) দিন',
  'Add an uppercase letter': 'অন্তত একটি বড় হাতের অক্ষর (A-Z) দিন',
  'Add a digit': 'অন্তত একটি সংখ্যা দিন',
  'Add a symbol': 'অন্তত একটি চিহ্ন দিন, যেমন ! বা #',
  'Logged out': 'লগ আউট হয়েছে',
  'Your password has been changed': 'আপনার পাসওয়ার্ড বদলানো হয়েছে',
  'Your password has been changed. Log in with the new one.':
    'আপনার পাসওয়ার্ড বদলানো হয়েছে। নতুন পাসওয়ার্ড দিয়ে লগ ইন করুন।',

  // the back office (src/contract/staff.ts, server/plugins/staff-auth.ts, server/routes/admin)
  'Sign in again': 'আবার সাইন ইন করুন',
  'This link is not valid': 'লিংকটি সঠিক নয়',
  'Not an object type': 'এটি কোনো বিষয়ের ধরন নয়',
  'This sign-in has expired. Sign in again.': 'এই সাইন-ইনের মেয়াদ শেষ। আবার সাইন ইন করুন।',
  'Too many wrong codes. Sign in again.': 'অনেকবার ভুল কোড দেওয়া হয়েছে। আবার সাইন ইন করুন।',
  'Ask for a code by SMS first': 'আগে SMS-এ একটি কোড চেয়ে নিন',
  'No authenticator app is set up': 'কোনো অথেনটিকেটর অ্যাপ চালু করা নেই',
  'The authenticator app cannot be checked now: ask an owner to reset it':
    'অথেনটিকেটর অ্যাপটি এখন যাচাই করা যাচ্ছে না: একজন মালিককে অ্যাপটি রিসেট করতে বলুন',
  'Your authenticator app is set up: enter its code. If you lost it, ask an owner to reset it.':
    'আপনার অথেনটিকেটর অ্যাপ চালু আছে: অ্যাপের কোডটি দিন। অ্যাপটি হারিয়ে গেলে একজন মালিককে রিসেট করতে বলুন।',
  'Enter your password or a code from your authenticator app':
    'আপনার পাসওয়ার্ড অথবা অথেনটিকেটর অ্যাপের একটি কোড দিন',
  'Replace your own authenticator app from My account': 'নিজের অথেনটিকেটর অ্যাপ "আমার অ্যাকাউন্ট" থেকে বদলান',
  'Do not use your mobile number or name in your password': 'পাসওয়ার্ডে আপনার মোবাইল নম্বর বা নাম ব্যবহার করবেন না',
  'This password is too common or too easy to guess. Use a longer one, such as a few unrelated words.':
    'এই পাসওয়ার্ডটি খুব প্রচলিত বা সহজে অনুমান করা যায়। আরও লম্বা একটি দিন, যেমন কয়েকটি আলাদা শব্দ একসাথে।',
  'This code was already used. Wait for the next one.':
    'এই কোডটি আগেই ব্যবহার করা হয়েছে। পরের কোডটির জন্য অপেক্ষা করুন।',
  'Your session has ended. Sign in again.': 'আপনার সেশন শেষ হয়ে গেছে। আবার সাইন ইন করুন।',
  'Sign in with a staff account': 'স্টাফ অ্যাকাউন্ট দিয়ে সাইন ইন করুন',
  'Your role does not allow this': 'আপনার দায়িত্বে এটি করার অনুমতি নেই',
  'Your role does not allow changing prices': 'আপনার দায়িত্বে দাম বদলানোর অনুমতি নেই',
  'Your role does not allow changing stock': 'আপনার দায়িত্বে স্টক বদলানোর অনুমতি নেই',
  'Choose a new password first': 'আগে একটি নতুন পাসওয়ার্ড ঠিক করুন',
  "This request did not come from the shop's own pages": 'এই অনুরোধটি শপের নিজের পেজ থেকে আসেনি',
  'The security token is missing or not valid. Reload the page.':
    'নিরাপত্তা টোকেন নেই বা সঠিক নয়। পেজটি রিলোড করুন।',
  'Choose a password different from the current one': 'বর্তমান পাসওয়ার্ড থেকে আলাদা একটি পাসওয়ার্ড দিন',
  'This link has expired or was already used. Ask the owner for a new one.':
    'লিংকটির মেয়াদ শেষ অথবা এটি আগেই ব্যবহার করা হয়েছে। মালিকের কাছ থেকে নতুন লিংক চেয়ে নিন।',
  'This link has expired or was already used, or the shop has its owner. Sign in, or restart the server for a new link.':
    'লিংকটির মেয়াদ শেষ, এটি আগেই ব্যবহার করা হয়েছে, অথবা শপের মালিক আগেই ঠিক হয়ে গেছে। সাইন ইন করুন, অথবা নতুন লিংকের জন্য সার্ভারটি আবার চালু করুন।',
  'Set up the authenticator app first': 'আগে অথেনটিকেটর অ্যাপটি চালু করুন',
  'This number is already on the staff': 'এই নম্বরটি আগে থেকেই স্টাফ তালিকায় আছে',
  "Set the shop's public address (PUBLIC_URL) first: the link in an invitation must point to the shop.":
    'আগে শপের পাবলিক ঠিকানা (PUBLIC_URL) ঠিক করুন: আমন্ত্রণের লিংকটি শপের ঠিকানাতেই যেতে হবে।',
  'Staff member not found': 'স্টাফ সদস্যকে পাওয়া যায়নি',
  'You cannot change your own role or block yourself': 'নিজের দায়িত্ব বদলানো বা নিজেকে ব্লক করা যায় না',
  'The shop needs at least one active owner': 'শপে অন্তত একজন সক্রিয় মালিক থাকতে হবে',

  // too many attempts: the reason, then how long to wait (server/plugins/rate-limit.ts)
  'Too many failed attempts.': 'অনেকবার ভুল চেষ্টা করা হয়েছে।',
  'Too many wrong codes.': 'অনেকবার ভুল কোড দেওয়া হয়েছে।',
  'A code was just sent.': 'এইমাত্র একটি কোড পাঠানো হয়েছে।',
  'Too many codes requested.': 'অনেকবার কোড চাওয়া হয়েছে।',
  'Too many attempts to find an order.': 'অর্ডার খোঁজার চেষ্টা অনেকবার করা হয়েছে।',
  'Too many orders.': 'অনেকগুলো অর্ডার করা হয়েছে।',
  'Too many coupon checks.': 'অনেকবার কুপন যাচাই করা হয়েছে।',
  'Too many reviews.': 'অনেকগুলো রিভিউ দেওয়া হয়েছে।',
  'Too many uploads.': 'অনেকগুলো ছবি আপলোড করা হয়েছে।',
  'Too many events.': 'অনেক বেশি ইভেন্ট পাঠানো হয়েছে।',
  '{reason} Try again in {count} second.': '{reason} {count} সেকেন্ড পরে আবার চেষ্টা করুন।',
  '{reason} Try again in {count} seconds.': '{reason} {count} সেকেন্ড পরে আবার চেষ্টা করুন।',
  '{reason} Try again in {count} minute.': '{reason} {count} মিনিট পরে আবার চেষ্টা করুন।',
  '{reason} Try again in {count} minutes.': '{reason} {count} মিনিট পরে আবার চেষ্টা করুন।',
  '{reason} Try again in {count} hour.': '{reason} {count} ঘণ্টা পরে আবার চেষ্টা করুন।',
  '{reason} Try again in {count} hours.': '{reason} {count} ঘণ্টা পরে আবার চেষ্টা করুন।',

  // the catalogue
  'Product not found': 'পণ্যটি পাওয়া যায়নি',
  'Category not found': 'ক্যাটাগরিটি পাওয়া যায়নি',
  'Brand not found': 'ব্র্যান্ডটি পাওয়া যায়নি',
  'Campaign not found': 'ক্যাম্পেইনটি পাওয়া যায়নি',
  'A {logic} slug is required': '{logic}-এর slug দিতে হবে',
  'At least one product id is required': 'অন্তত একটি পণ্যের আইডি দিতে হবে',
  'Filters must be a JSON object': 'ফিল্টার একটি JSON অবজেক্ট হতে হবে',
  '{path}: {message}': '{path}: {message}',
  'Menu not found': 'মেনুটি পাওয়া যায়নি',
  'Page not found': 'পেজটি পাওয়া যায়নি',
  'Sku not found': 'SKU-টি পাওয়া যায়নি',
  'The discounted price cannot be above the price': 'ছাড়ের দাম মূল দামের চেয়ে বেশি হতে পারে না',
  'Give price, discountedPrice or stockQuantity': 'price, discountedPrice বা stockQuantity-এর অন্তত একটি দিন',
  'bKash cannot be reached now. Please try again': 'এখন বিকাশে যোগাযোগ করা যাচ্ছে না। আবার চেষ্টা করুন',
  'Unknown payment': 'এই পেমেন্টটি চেনা যায়নি',
  'Use at most two decimals': 'দশমিকের পরে সর্বোচ্চ দুই অঙ্ক দিন',

  // cart, checkout and orders
  'Cart item not found': 'কার্টে পণ্যটি পাওয়া যায়নি',
  'This item is no longer available': 'এই পণ্যটি আর পাওয়া যাচ্ছে না',
  '{name} is no longer available': '{name} আর পাওয়া যাচ্ছে না',
  '{name} is out of stock': '{name} স্টকে নেই',
  'Only {count} left of {name}': '{name} আর মাত্র {count}টি আছে',
  'This coupon code is not valid': 'এই কুপন কোডটি সঠিক নয়',
  'This coupon is not active yet': 'এই কুপনটি এখনো চালু হয়নি',
  'This coupon has expired': 'এই কুপনের মেয়াদ শেষ হয়ে গেছে',
  'This coupon needs a subtotal of at least TK {amount}':
    'এই কুপন ব্যবহার করতে কমপক্ষে {amount} টাকার কেনাকাটা করতে হবে',
  'Enter the delivery address': 'ডেলিভারির ঠিকানা দিন',
  '1–2 days': '১–২ দিন',
  '2–3 days': '২–৩ দিন',
  '3–5 days': '৩–৫ দিন',
  'Choose the division, district and area from the lists': 'তালিকা থেকে বিভাগ, জেলা ও এলাকা বেছে নিন',
  'Address not found': 'ঠিকানাটি পাওয়া যায়নি',
  'This payment method is not available': 'এই পেমেন্ট পদ্ধতিটি এখন নেই',
  'Send an Idempotency-Key header': 'Idempotency-Key হেডার পাঠান',
  'This request key was already used for a different order':
    'এই রিকোয়েস্ট কী আগেই অন্য একটি অর্ডারে ব্যবহার করা হয়েছে',
  'Order not found': 'অর্ডারটি পাওয়া যায়নি',
  'No order with this number and mobile number': 'এই অর্ডার নম্বর ও মোবাইল নম্বরে কোনো অর্ডার পাওয়া যায়নি',
  'No such payment provider': 'এমন কোনো পেমেন্ট সেবা নেই',
  'The payment confirmation could not be verified': 'পেমেন্টের নিশ্চয়তা যাচাই করা যায়নি',
  'This order is no longer waiting for payment': 'এই অর্ডারটি আর পেমেন্টের অপেক্ষায় নেই',
  'The amount paid does not match the order total': 'পরিশোধ করা টাকা অর্ডারের মোট দামের সাথে মেলেনি',

  // reviews and photos
  'Review not found': 'রিভিউটি পাওয়া যায়নি',
  'You have already reviewed this product': 'আপনি এই পণ্যের রিভিউ আগেই দিয়েছেন',
  'Upload the photo first': 'আগে ছবিটি আপলোড করুন',
  'Choose a photo to upload': 'আপলোড করার জন্য একটি ছবি বেছে নিন',
  'Only JPEG, PNG or WebP photos can be uploaded': 'শুধু JPEG, PNG বা WebP ছবি আপলোড করা যাবে',
  'A photo can be at most {count} MB': 'একটি ছবি সর্বোচ্চ {count} MB হতে পারে',
  'A photo can be at most {count} megapixels': 'একটি ছবি সর্বোচ্চ {count} মেগাপিক্সেলের হতে পারে',
  'The upload could not be read': 'আপলোড করা ফাইলটি পড়া যায়নি',

  // the request itself, the api key, the service
  'The api key is missing': 'API কী পাঠানো হয়নি',
  'The api key is not valid': 'API কী সঠিক নয়',
  'The admin token is missing or not valid': 'অ্যাডমিন টোকেন নেই বা সঠিক নয়',
  'Not found': 'পাওয়া যায়নি',
  'Invalid value': 'মানটি সঠিক নয়',
  'A value in the request is not valid': 'অনুরোধের একটি মান সঠিক নয়',
  'Something went wrong': 'কিছু একটা সমস্যা হয়েছে',
  'The shop cannot answer right now, try again in a moment':
    'শপ এই মুহূর্তে সাড়া দিতে পারছে না, একটু পরে আবার চেষ্টা করুন',
  'The server is shutting down, try again in a moment': 'সার্ভার বন্ধ হচ্ছে, একটু পরে আবার চেষ্টা করুন',
  'The database is not answering': 'ডেটাবেস সাড়া দিচ্ছে না',
  'Redis is not answering': 'Redis সাড়া দিচ্ছে না',
  'The address is not valid': 'লিংকটি সঠিক নয়',
  'The address is too long': 'লিংকটি অনেক লম্বা',
  'The request is not valid': 'অনুরোধটি সঠিক নয়',
  'The request is not valid HTTP': 'অনুরোধটি সঠিক HTTP নয়',
  'The address or the headers are too long': 'লিংক বা হেডার অনেক লম্বা',
  'The chunk extensions are too long': 'chunk extension অনেক লম্বা',
  'The request took too long to arrive': 'অনুরোধটি পৌঁছাতে অনেক বেশি সময় লেগেছে',
  'The Host header is missing': 'Host হেডার পাঠানো হয়নি',
  'Only "Expect: 100-continue" is understood': 'শুধু "Expect: 100-continue" বোঝা যায়',

  // Fastify's and its plugins' own messages for a body it cannot read
  'Request body is too large': 'পাঠানো তথ্য অনেক বড়',
  'Request body size did not match Content-Length': 'পাঠানো তথ্যের আকার Content-Length-এর সাথে মেলেনি',
  'Unsupported Media Type': 'এই ধরনের কনটেন্ট গ্রহণ করা হয় না',
  "Body cannot be empty when content-type is set to 'application/json'":
    "content-type 'application/json' হলে বডি খালি রাখা যাবে না",
  "Body is not valid JSON but content-type is set to 'application/json'":
    "content-type 'application/json', কিন্তু বডি সঠিক JSON নয়",
  'Unsupported Content-Encoding: {encoding}': 'এই Content-Encoding গ্রহণ করা হয় না: {encoding}',
  'Could not decompress the request payload using the provided encoding':
    'দেওয়া এনকোডিং দিয়ে পাঠানো তথ্য খোলা যায়নি',

  // zod's own messages (server/messages.ts: its English locale), for checks that carry none of ours
  'Invalid input': 'সঠিক তথ্য দিন',
  'Invalid input: expected {expected}, received undefined': '{expected} দিতে হবে, কিছু দেওয়া হয়নি',
  'Invalid input: expected {expected}, received {received}': '{expected} দিতে হবে, দেওয়া হয়েছে {received}',
  'Invalid input: expected {value}': 'মানটি {value} হতে হবে',
  'Invalid input: more than one option matched': 'তথ্যটি একাধিক বিকল্পের সাথে মিলে গেছে',
  'Invalid option: expected one of {options}': 'এগুলোর একটি দিন: {options}',
  'Invalid discriminator value. Expected {options}': 'ধরনটি সঠিক নয়, এগুলোর একটি হতে হবে: {options}',
  'Too big: expected string to have <={max} characters': 'সর্বোচ্চ {max} অক্ষর লেখা যাবে',
  'Too big: expected string to have <{max} characters': '{max} অক্ষরের কম লিখুন',
  'Too big: expected string to have exactly {max} characters': 'ঠিক {max} অক্ষর লিখুন',
  'Too small: expected string to have >={min} characters': 'কমপক্ষে {min} অক্ষর লিখুন',
  'Too small: expected string to have >{min} characters': '{min} অক্ষরের বেশি লিখুন',
  'Too small: expected string to have exactly {min} characters': 'ঠিক {min} অক্ষর লিখুন',
  'Too big: expected array to have <={max} items': 'সর্বোচ্চ {max}টি দেওয়া যাবে',
  'Too big: expected array to have <{max} items': '{max}টির কম দিন',
  'Too big: expected array to have exactly {max} items': 'ঠিক {max}টি দিন',
  'Too small: expected array to have >={min} items': 'কমপক্ষে {min}টি দিন',
  'Too small: expected array to have >{min} items': '{min}টির বেশি দিন',
  'Too small: expected array to have exactly {min} items': 'ঠিক {min}টি দিন',
  'Too big: expected number to be <={max}': 'সংখ্যাটি {max} বা তার কম হতে হবে',
  'Too big: expected number to be <{max}': 'সংখ্যাটি {max}-এর কম হতে হবে',
  'Too big: expected number to be exactly {max}': 'সংখ্যাটি ঠিক {max} হতে হবে',
  'Too small: expected number to be >={min}': 'সংখ্যাটি {min} বা তার বেশি হতে হবে',
  'Too small: expected number to be >{min}': 'সংখ্যাটি {min}-এর বেশি হতে হবে',
  'Too small: expected number to be exactly {min}': 'সংখ্যাটি ঠিক {min} হতে হবে',
  'Invalid number: must be a multiple of {divisor}': 'সংখ্যাটি {divisor}-এর গুণিতক হতে হবে',
  'Invalid string: must match pattern {pattern}': 'লেখাটি নির্ধারিত ধরনে নেই: {pattern}',
  'Invalid UUID': 'সঠিক UUID দিন',
  'Invalid email address': 'সঠিক ইমেইল ঠিকানা দিন',
  'Invalid URL': 'সঠিক URL দিন',
  'Invalid ISO date': 'সঠিক তারিখ দিন',
  'Unrecognized key: {key}': 'অজানা ফিল্ড: {key}',
  'Unrecognized keys: {keys}': 'অজানা ফিল্ড: {keys}',
  'Invalid key in {origin}': '{origin}-এ একটি কী সঠিক নয়',
  'Invalid value in {origin}': '{origin}-এ একটি মান সঠিক নয়',
  // the back office's areas, each in a file of its own
  ...messagesBnProducts,
  ...messagesBnEditor,
  ...messagesBnCatalogue,
  ...messagesBnContent,
  ...messagesBnSettings,
  ...messagesBnStockAlerts,
  ...messagesBnCartsLeft,
  ...messagesBnImport,
  ...messagesBnCustomers,
  ...messagesBnOrders,
  ...messagesBnCoupons,
  ...messagesBnReports,
  ...messagesBnCouriers,
  ...messagesBnSeo,
}

/** The words a `{expected}`, `{received}`, `{origin}` or `{logic}` placeholder may stand for. */
export const wordsBn: Record<string, string> = {
  string: 'লেখা',
  number: 'সংখ্যা',
  int: 'পূর্ণসংখ্যা',
  bigint: 'পূর্ণসংখ্যা',
  boolean: 'true বা false',
  object: 'অবজেক্ট',
  record: 'অবজেক্ট',
  array: 'তালিকা',
  set: 'তালিকা',
  map: 'অবজেক্ট',
  date: 'তারিখ',
  file: 'ফাইল',
  null: 'null',
  undefined: 'কিছু না',
  NaN: 'অসংখ্যা (NaN)',
  Infinity: 'অসীম সংখ্যা',
  '-Infinity': 'অসীম সংখ্যা',
  category: 'ক্যাটাগরি',
  brand: 'ব্র্যান্ড',
  campaign: 'ক্যাম্পেইন',
}
