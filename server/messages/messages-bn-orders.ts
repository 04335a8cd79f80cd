/** The back office's orders API texts in Bangla, keyed by their English text (joined into messages-bn.ts). */
export const messagesBnOrders: Record<string, string> = {
  'The shop does not take transfers with this wallet': 'দোকান এই ওয়ালেটে ট্রান্সফার নেয় না',
  'This transaction ID has already been given for an order': 'এই লেনদেন নম্বরটি আগেই একটি অর্ডারে দেওয়া হয়েছে',
  'Enter the transaction ID and the number you sent the money from':
    'লেনদেন নম্বর এবং যে নম্বর থেকে টাকা পাঠিয়েছেন তা লিখুন',
  'Enter the transaction ID from the payment message (letters and digits)':
    'পেমেন্টের মেসেজে থাকা লেনদেন নম্বরটি লিখুন (অক্ষর ও সংখ্যা)',
  'Choose the wallet you sent the money with': 'কোন ওয়ালেট থেকে টাকা পাঠিয়েছেন, বেছে নিন',
  'This order has no transfer to verify': 'এই অর্ডারে যাচাই করার মতো কোনো ট্রান্সফার নেই',
  'Cash on delivery is for orders up to TK {amount}. Please choose another way to pay':
    'ক্যাশ অন ডেলিভারি সর্বোচ্চ {amount} টাকার অর্ডারের জন্য। অনুগ্রহ করে অন্যভাবে পেমেন্ট করুন',
  'This number already has {count} cash-on-delivery orders on their way. Please pay online, or wait for them to arrive':
    'এই নম্বরে ইতিমধ্যে {count}টি ক্যাশ অন ডেলিভারি অর্ডার পথে আছে। অনুগ্রহ করে অনলাইনে পেমেন্ট করুন, অথবা সেগুলো পৌঁছানো পর্যন্ত অপেক্ষা করুন',
  // the shop's order limits (settings `orderLimits`)
  'At most {count} of {name} in one order': 'একটি অর্ডারে {name} সর্বোচ্চ {count}টি নেওয়া যায়',
  'At most {count} pieces in one order': 'একটি অর্ডারে সর্বোচ্চ {count}টি পিস নেওয়া যায়',
  'An order without an account is for up to TK {amount}: log in, or order less':
    'অ্যাকাউন্ট ছাড়া সর্বোচ্চ {amount} টাকার অর্ডার করা যায়: লগ ইন করুন, অথবা কম অর্ডার করুন',
  'This number already has {count} pieces in orders not yet paid or confirmed, and at most {max} can wait at once. Please order fewer, or wait for the shop to confirm them':
    'এই নম্বরের পেমেন্ট বা নিশ্চিত না হওয়া অর্ডারে ইতিমধ্যে {count}টি পিস আছে, আর একসাথে সর্বোচ্চ {max}টি অপেক্ষায় থাকতে পারে। অনুগ্রহ করে কম অর্ডার করুন, অথবা দোকান সেগুলো নিশ্চিত করা পর্যন্ত অপেক্ষা করুন',
  'Orders from this connection not yet paid or confirmed already hold {count} pieces, and at most {max} can wait at once. Please try again later':
    'এই সংযোগ থেকে করা পেমেন্ট বা নিশ্চিত না হওয়া অর্ডারে ইতিমধ্যে {count}টি পিস আছে, আর একসাথে সর্বোচ্চ {max}টি অপেক্ষায় থাকতে পারে। অনুগ্রহ করে পরে আবার চেষ্টা করুন',
  'For cash on delivery of this order, confirm the number with a code sent by SMS':
    'এই অর্ডারে ক্যাশ অন ডেলিভারির জন্য SMS-এ পাঠানো কোড দিয়ে নম্বরটি নিশ্চিত করুন',
  "This order's delivery charge of TK {amount} is paid in advance: choose bKash or Send Money for it":
    'এই অর্ডারের {amount} টাকা ডেলিভারি চার্জ অগ্রিম দিতে হবে: এর জন্য বিকাশ অথবা সেন্ড মানি বেছে নিন',
  'This payment link is not valid': 'এই পেমেন্ট লিংকটি সঠিক নয়',
  'This order has no bKash payment to refund': 'এই অর্ডারে ফেরত দেওয়ার মতো কোনো বিকাশ পেমেন্ট নেই',
  'That is more than is left to refund': 'ফেরত দেওয়ার মতো যা বাকি আছে, এটি তার চেয়ে বেশি',
  'bKash refused the refund': 'বিকাশ টাকা ফেরত দিতে রাজি হয়নি',
  'Write why the money goes back': 'টাকা কেন ফেরত যাচ্ছে, লিখুন',
  'Enter an amount above 0': '০-এর বেশি একটি পরিমাণ লিখুন',
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
  'A {status} order can no longer be changed': '{status} অবস্থার অর্ডার আর বদলানো যায় না',
  'An order waiting for its payment cannot be changed': 'পেমেন্টের অপেক্ষায় থাকা অর্ডার বদলানো যায় না',
  'At most {count} items in one order': 'একটি অর্ডারে সর্বোচ্চ {count}টি পণ্য রাখা যায়',
  'Each item appears once: change its quantity instead': 'প্রতিটি পণ্য একবারই থাকবে: বরং তার পরিমাণ বদলান',
  'Enter a quantity from 1 to 99': '১ থেকে ৯৯-এর মধ্যে পরিমাণ লিখুন',
  'Keep at least one item in the order': 'অর্ডারে অন্তত একটি পণ্য রাখুন',
  'Nothing to save: the order is as it was': 'সংরক্ষণের কিছু নেই: অর্ডারটি আগের মতোই আছে',
  // the reasons the shop itself cancels with (an order's cancelReason)
  'Not paid in time': 'সময়মতো পেমেন্ট হয়নি',
  'Payment failed': 'পেমেন্ট ব্যর্থ হয়েছে',
  // the reasons staff choose from (src/contract/admin-order-reasons.ts): the shopper reads them in their text and order
  'Customer asked to cancel': 'গ্রাহকের অনুরোধে বাতিল',
  'Ordered twice': 'একই অর্ডার দুবার করা হয়েছে',
  'Out of stock': 'পণ্যটি স্টকে নেই',
  'Could not reach the customer': 'গ্রাহকের সঙ্গে যোগাযোগ করা যায়নি',
  'Address not served': 'এই ঠিকানায় ডেলিভারি দেওয়া হয় না',
  'Suspected fraud': 'অর্ডারটি সন্দেহজনক',
  'Customer changed size/colour': 'গ্রাহক সাইজ/রং বদলেছেন',
  'Item out of stock replaced': 'স্টকে না থাকা পণ্য বদলে দেওয়া হয়েছে',
  'Delivery charge corrected': 'ডেলিভারি চার্জ ঠিক করা হয়েছে',
  'Choose a reason from the list or write your own, not both':
    'তালিকা থেকে একটি কারণ বেছে নিন অথবা নিজে লিখুন, দুটো একসাথে নয়',
  // orders the staff take by hand (src/contract/admin-order-create.ts)
  'Enter the discount in taka': 'ছাড়ের পরিমাণ টাকায় লিখুন',
  'Say why the discount is given': 'কেন ছাড় দেওয়া হচ্ছে লিখুন',
  'Choose the wallet the money came through': 'কোন ওয়ালেটে টাকা এসেছে, বেছে নিন',
  'Enter the amount received': 'কত টাকা পেয়েছেন লিখুন',
  'Add a product': 'একটি পণ্য যোগ করুন',
  'Choose where the order came from': 'অর্ডারটি কোথা থেকে এসেছে, বেছে নিন',
  'Enter the customer’s name': 'গ্রাহকের নাম লিখুন',
  'This draft is gone: it was finished or deleted': 'এই খসড়াটি আর নেই: এটি সম্পন্ন বা মুছে ফেলা হয়েছে',
  "More than the order's total of TK {amount}": 'অর্ডারের মোট {amount} টাকার চেয়ে বেশি',
  'The discount is more than the products cost': 'ছাড় পণ্যের দামের চেয়ে বেশি',
  'The shop refuses every order from this number: ask the owner':
    'দোকান এই নম্বরের কোনো অর্ডার নেয় না: মালিককে জিজ্ঞেস করুন',
  'This number is blocked for cash on delivery: take the whole amount in advance, or ask the owner':
    'এই নম্বরে ক্যাশ অন ডেলিভারি বন্ধ: পুরো টাকা অগ্রিম নিন, অথবা মালিককে জিজ্ঞেস করুন',
  'Your reward points changed: check the total and place the order again':
    'আপনার রিওয়ার্ড পয়েন্ট বদলে গেছে: মোট দেখে আবার অর্ডার করুন',
  'Sign in to use your reward points': 'রিওয়ার্ড পয়েন্ট ব্যবহার করতে সাইন ইন করুন',
  'The push endpoint must be an https address of a browser’s push service':
    'পুশের ঠিকানাটি কোনো ব্রাউজারের পুশ সার্ভিসের https ঠিকানা হতে হবে',
  'The push endpoint is too long': 'পুশের ঠিকানাটি অনেক লম্বা',
  'This is not a P-256 public key': 'এটি কোনো P-256 পাবলিক কী নয়',
  'This is not a 16-byte authentication secret': 'এটি কোনো ১৬-বাইটের যাচাই-গোপন কী নয়',
}
