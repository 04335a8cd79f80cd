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
}
