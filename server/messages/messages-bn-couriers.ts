/** The couriers' texts of the API in Bangla, keyed by their English text (joined into messages-bn.ts). */
export const messagesBnCouriers: Record<string, string> = {
  'Choose Pathao or Steadfast': 'পাঠাও বা স্টেডফাস্ট বেছে নিন',
  "Choose Pathao's city": 'পাঠাওয়ের শহর বেছে নিন',
  "Choose Pathao's zone": 'পাঠাওয়ের জোন বেছে নিন',
  "Choose Pathao's area": 'পাঠাওয়ের এলাকা বেছে নিন',
  '{courier} is not set up for this shop': 'এই দোকানে {courier} চালু করা নেই',
  'Pathao cannot be reached now. Please try again': 'এখন পাঠাওয়ের সাথে যোগাযোগ করা যাচ্ছে না। আবার চেষ্টা করুন',
  'The webhook could not be verified': 'ওয়েবহুকটি যাচাই করা যায়নি',
  'Webhook received successfully.': 'ওয়েবহুক পাওয়া গেছে।',
  // what a booking that did not go through says on the order (server/couriers, server/repositories/shipments)
  'Steadfast said nothing of this parcel: look it up by invoice before booking it again':
    'স্টেডফাস্ট এই পার্সেল সম্পর্কে কিছু জানায়নি: আবার বুক করার আগে ইনভয়েস দিয়ে খুঁজে দেখুন',
  'Steadfast refused the parcel: {said}': 'স্টেডফাস্ট পার্সেলটি নেয়নি: {said}',
  'Steadfast refused the parcel (a bulk answer gives no reason: book it alone to see why)':
    'স্টেডফাস্ট পার্সেলটি নেয়নি (একসাথে বুকিংয়ের উত্তরে কারণ থাকে না: কারণ জানতে এটি আলাদা করে বুক করুন)',
  'Booked while the order was {status}: cancel the parcel with {courier}':
    'অর্ডারটি {status} থাকা অবস্থায় বুক হয়েছে: {courier}-এ পার্সেলটি বাতিল করুন',
  'The order was {status} when its turn came: nothing was booked':
    'বুকিংয়ের সময় অর্ডারটি {status} ছিল: কিছুই বুক করা হয়নি',
  "{courier} already has parcel {invoice} but did not say its consignment: find it on {courier}'s page and ship the order by hand":
    '{courier}-এ পার্সেল {invoice} আগেই আছে কিন্তু কনসাইনমেন্ট জানায়নি: {courier}-এর পেজে খুঁজে অর্ডারটি নিজে পাঠানো হিসেবে দিন',
  "{reason}. The parcel may have been booked: look on {courier}'s page before sending it again":
    '{reason}। পার্সেলটি হয়তো বুক হয়ে গেছে: আবার পাঠানোর আগে {courier}-এর পেজ দেখে নিন',
  // cash on delivery, closed: payouts and their statements (src/contract/cod-cash.ts)
  'Choose the payout file': 'পেআউট ফাইলটি বেছে নিন',
  'The file is larger than 1 MB: split it': 'ফাইলটি ১ MB-এর বেশি: ভাগ করে নিন',
  'No consignment ID or invoice': 'কনসাইনমেন্ট আইডি বা ইনভয়েস নেই',
  'An amount is not a number of taka': 'একটি পরিমাণ টাকার সংখ্যা নয়',
  'Only a delivered order has cash with the courier': 'শুধু ডেলিভারি হওয়া অর্ডারের টাকা কুরিয়ারের কাছে থাকে',
  'The courier cannot keep more than it collected': 'কুরিয়ার যা তুলেছে তার বেশি রাখতে পারে না',
  'No order of the shop has this consignment ID or invoice':
    'দোকানের কোনো অর্ডারে এই কনসাইনমেন্ট আইডি বা ইনভয়েস নেই',
  'Order {number} is in the file twice': 'অর্ডার {number} ফাইলে দুবার আছে',
  'Order {number} is not delivered': 'অর্ডার {number} ডেলিভারি হয়নি',
  'The cash of order {number} was paid out already': 'অর্ডার {number}-এর টাকা আগেই পরিশোধ করা হয়েছে',
  'Nothing was collected for order {number}': 'অর্ডার {number}-এর জন্য কিছু তোলা হয়নি',
  'The courier kept more than it collected for order {number}':
    'অর্ডার {number}-এর জন্য কুরিয়ার যা তুলেছে তার বেশি রেখেছে',
  'This file could not be read as a CSV file': 'ফাইলটি CSV ফাইল হিসেবে পড়া গেল না',
  'The file is empty': 'ফাইলটি খালি',
  'The file has no consignment ID or invoice column': 'ফাইলে কনসাইনমেন্ট আইডি বা ইনভয়েসের কোনো কলাম নেই',
  'The file has no collected amount column': 'ফাইলে তোলা টাকার কোনো কলাম নেই',
}
