/** Back-in-stock requests and their texts in Bangla, keyed by their English text (joined into messages-bn.ts). */
export const messagesBnStockAlerts: Record<string, string> = {
  "We'll text you when it's back": 'ফিরে এলে আমরা আপনাকে SMS করে জানাব',
  'Choose a size or colour': 'একটি সাইজ বা রং বেছে নিন',
  'This size or colour is not sold here': 'এই সাইজ বা রং এখানে বিক্রি হয় না',
  'This size or colour is in stock: add it to your cart': 'এই সাইজ বা রং স্টকে আছে: কার্টে যোগ করুন',
  'This number is already waiting for {count} items. You will be told when they are back':
    'এই নম্বরটি ইতিমধ্যে {count}টি পণ্যের জন্য অপেক্ষায় আছে। সেগুলো ফিরে এলে আপনাকে জানানো হবে',
  'Too many requests to be told.': 'জানানোর জন্য অনেকগুলো অনুরোধ করা হয়েছে।',
  '{shop}: {product} ({option}) is back in stock. Order it here: {link}':
    '{shop}: {product} ({option}) আবার স্টকে এসেছে। এখানে অর্ডার করুন: {link}',
  '{shop}: {product} is back in stock. Order it here: {link}':
    '{shop}: {product} আবার স্টকে এসেছে। এখানে অর্ডার করুন: {link}',
  '{product} ({option}) is back in stock: tap to order it':
    '{product} ({option}) আবার স্টকে এসেছে: অর্ডার করতে ট্যাপ করুন',
  '{product} is back in stock: tap to order it': '{product} আবার স্টকে এসেছে: অর্ডার করতে ট্যাপ করুন',
}
