import type { MenuItem, PageDocument } from '../../../src/contract/menu'
import { brandNames, brandNamesBn, campaignDefs, slugify, topCategories } from './catalogue-data'

/**
 * The header menu: every menu type (storefront §3), categories with one level of submenus. Categories, brands and
 * campaigns are labelled in Bangla with the names the catalogue gives them.
 */
export function mainMenu(): MenuItem[] {
  const categories: MenuItem[] = topCategories.map((top) => ({
    name: top.name,
    nameBn: top.nameBn,
    type: 'category',
    url: top.slug,
    submenu: top.leaves.map((leaf) => ({
      name: leaf.name,
      nameBn: leaf.nameBn,
      type: 'category',
      url: leaf.slug,
      submenu: [],
    })),
  }))
  const brandItems: MenuItem[] = brandNames
    .slice(0, 6)
    .map((name) => ({ name, nameBn: brandNamesBn[name], type: 'brand', url: slugify(name), submenu: [] }))
  const deals = campaignDefs.map(
    (c): MenuItem => ({
      name: c.name,
      nameBn: c.nameBn,
      type: 'campaign',
      url: c.slug,
      submenu: [],
    }),
  )
  return [
    ...categories,
    {
      name: 'Brands',
      nameBn: 'ব্র্যান্ড',
      type: 'brand',
      url: slugify(brandNames[0] ?? 'brand'),
      submenu: brandItems,
    },
    {
      name: 'Flash Deals',
      nameBn: 'ফ্ল্যাশ ডিল',
      type: 'campaign',
      url: campaignDefs[0]?.slug ?? '',
      submenu: deals,
    },
    { name: 'About Us', nameBn: 'আমাদের সম্পর্কে', type: 'page', url: 'about-us', submenu: [] },
    { name: 'Track Order', nameBn: 'অর্ডার ট্র্যাক করুন', type: 'custom', url: '/user/orders', submenu: [] },
  ]
}

export function footerMenu(): MenuItem[] {
  return pageDocuments()
    .filter((p) => p.slug !== 'faq')
    .map((p) => ({ name: p.title, nameBn: p.bn.title, type: 'page', url: p.slug, submenu: [] }))
}

const p = (text: string) => ({ type: 'paragraph' as const, text })
const h = (text: string) => ({ type: 'heading' as const, text })
const list = (...items: string[]) => ({ type: 'list' as const, items })

/** A demo page in English with its Bangla version (pages.title_bn, pages.body_bn). */
export type DemoPage = PageDocument & { bn: Omit<PageDocument, 'slug'> }

export function pageDocuments(): DemoPage[] {
  return [
    {
      slug: 'about-us',
      title: 'About Us',
      blocks: [
        p(
          'Haat is an online fashion shop from Dhaka. We bring panjabi, saree, salwar kameez, kurti, footwear and accessories from Bangladeshi makers to your door.',
        ),
        h('What we care about'),
        list(
          'Fair prices in taka, with VAT included',
          'Fabrics that suit our weather',
          'Honest photos and sizes',
          'Delivery to all 64 districts',
        ),
      ],
      bn: {
        title: 'আমাদের সম্পর্কে',
        blocks: [
          p(
            'হাট ঢাকার একটি অনলাইন ফ্যাশন শপ। দেশীয় কারিগর ও নির্মাতাদের পাঞ্জাবি, শাড়ি, সালোয়ার কামিজ, কুর্তি, জুতা আর এক্সেসরিজ আমরা পৌঁছে দিই আপনার দরজায়।',
          ),
          h('আমরা যা গুরুত্ব দিই'),
          list(
            'টাকায় ন্যায্য দাম, ভ্যাটসহ',
            'আমাদের আবহাওয়ার উপযোগী কাপড়',
            'সত্যিকারের ছবি আর সঠিক মাপ',
            '৬৪ জেলাতেই ডেলিভারি',
          ),
        ],
      },
    },
    {
      slug: 'contact-us',
      title: 'Contact Us',
      blocks: [
        p('We answer Saturday to Friday, 10AM to 11PM.'),
        list(
          'Phone: 09612-345678',
          'Email: care@haat.com.bd',
          'Office: House 12, Road 5, Dhanmondi, Dhaka 1205',
        ),
      ],
      bn: {
        title: 'যোগাযোগ',
        blocks: [
          p('শনিবার থেকে শুক্রবার, সকাল ১০টা থেকে রাত ১১টা পর্যন্ত আমরা আপনার প্রশ্নের উত্তর দিই।'),
          list('ফোন: ০৯৬১২-৩৪৫৬৭৮', 'ইমেইল: care@haat.com.bd', 'অফিস: বাড়ি ১২, রোড ৫, ধানমন্ডি, ঢাকা ১২০৫'),
        ],
      },
    },
    {
      slug: 'privacy-policy',
      title: 'Privacy Policy',
      blocks: [
        p(
          'We keep the information you give us (name, mobile number, addresses, orders) only to deliver your orders and support you.',
        ),
        h('What we never do'),
        list('Sell your data', 'Send marketing SMS without your consent', 'Store card numbers'),
        p('You can ask us to delete your account at any time from Contact Us.'),
      ],
      bn: {
        title: 'প্রাইভেসি পলিসি',
        blocks: [
          p(
            'আপনার দেওয়া তথ্য (নাম, মোবাইল নম্বর, ঠিকানা, অর্ডার) আমরা শুধু আপনার অর্ডার পৌঁছে দিতে এবং আপনাকে সহায়তা করতে সংরক্ষণ করি।',
          ),
          h('আমরা কখনো যা করি না'),
          list('আপনার তথ্য বিক্রি করা', 'আপনার সম্মতি ছাড়া প্রচারণামূলক এসএমএস পাঠানো', 'কার্ডের নম্বর সংরক্ষণ করা'),
          p('যেকোনো সময় যোগাযোগ পাতা থেকে আপনার অ্যাকাউন্ট মুছে ফেলার অনুরোধ করতে পারেন।'),
        ],
      },
    },
    {
      slug: 'terms-and-conditions',
      title: 'Terms & Conditions',
      blocks: [
        p('By ordering from Haat you agree to these terms. Prices are in BDT (TK) and include VAT.'),
        list(
          'Orders are confirmed by SMS',
          'Stock is reserved when you place an order',
          'We may cancel orders with wrong addresses after trying to reach you',
        ),
      ],
      bn: {
        title: 'শর্তাবলি',
        blocks: [
          p('হাট থেকে অর্ডার করলে আপনি এই শর্তাবলিতে সম্মত হচ্ছেন। সব দাম বাংলাদেশি টাকায় (৳) এবং ভ্যাটসহ।'),
          list(
            'অর্ডার এসএমএসের মাধ্যমে নিশ্চিত করা হয়',
            'অর্ডার করার সঙ্গে সঙ্গে পণ্যটি আপনার জন্য রেখে দেওয়া হয়',
            'ঠিকানা ভুল হলে আপনার সঙ্গে যোগাযোগের চেষ্টা করার পর আমরা অর্ডার বাতিল করতে পারি',
          ),
        ],
      },
    },
    {
      slug: 'return-policy',
      title: 'Return Policy',
      blocks: [
        p('Return unworn items with their tags within 7 days of delivery.'),
        list(
          'Size exchange is free inside Dhaka',
          'Refunds are sent to bKash or your bank within 5 working days',
          'Innerwear and jewellery cannot be returned for hygiene reasons',
        ),
      ],
      bn: {
        title: 'রিটার্ন নীতি',
        blocks: [
          p('ডেলিভারির ৭ দিনের মধ্যে না-পরা পণ্য ট্যাগসহ ফেরত দিতে পারবেন।'),
          list(
            'ঢাকার ভেতরে সাইজ বদল ফ্রি',
            'টাকা ফেরত ৫ কর্মদিবসের মধ্যে বিকাশ বা আপনার ব্যাংক অ্যাকাউন্টে পাঠানো হয়',
            'স্বাস্থ্যগত কারণে অন্তর্বাস ও গয়না ফেরত নেওয়া হয় না',
          ),
        ],
      },
    },
    {
      slug: 'delivery-information',
      title: 'Delivery Information',
      blocks: [
        h('Charges'),
        list('Inside Dhaka: TK 60', 'Dhaka suburbs: TK 100', 'Outside Dhaka: TK 130'),
        p(
          'Delivery takes 1–2 days inside Dhaka and 3–5 days elsewhere. Cash on delivery is available everywhere.',
        ),
      ],
      bn: {
        title: 'ডেলিভারি তথ্য',
        blocks: [
          h('ডেলিভারি চার্জ'),
          list('ঢাকার ভেতরে: ৳ ৬০', 'ঢাকার আশেপাশে: ৳ ১০০', 'ঢাকার বাইরে: ৳ ১৩০'),
          p('ঢাকার ভেতরে ডেলিভারিতে ১–২ দিন এবং অন্য সব জায়গায় ৩–৫ দিন লাগে। সারা দেশেই ক্যাশ অন ডেলিভারির সুবিধা আছে।'),
        ],
      },
    },
    {
      slug: 'faq',
      title: 'FAQ',
      blocks: [
        h('How do I pay?'),
        p('Cash on delivery, bKash, Nagad or card.'),
        h('Can I change my order?'),
        p('Call us before it is shipped and we will change it.'),
      ],
      bn: {
        title: 'সাধারণ জিজ্ঞাসা',
        blocks: [
          h('কীভাবে টাকা পরিশোধ করব?'),
          p('ক্যাশ অন ডেলিভারি, বিকাশ, নগদ অথবা কার্ডে।'),
          h('অর্ডার কি বদলানো যাবে?'),
          p('পণ্য পাঠানোর আগে আমাদের ফোন করুন, আমরা বদলে দেব।'),
        ],
      },
    },
  ]
}
