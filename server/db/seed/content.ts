import type { MenuItem, PageDocument } from '../../../src/contract/menu'
import { brandNames, campaignDefs, slugify, topCategories } from './catalogue-data'

/** The header menu: every SPEC menu type, categories with one level of submenus. */
export function mainMenu(): MenuItem[] {
  const categories: MenuItem[] = topCategories.map((top) => ({
    name: top.name,
    type: 'category',
    url: top.slug,
    submenu: top.leaves.map((leaf) => ({ name: leaf.name, type: 'category', url: leaf.slug, submenu: [] })),
  }))
  const brandItems: MenuItem[] = brandNames
    .slice(0, 6)
    .map((name) => ({ name, type: 'brand', url: slugify(name), submenu: [] }))
  const deals = campaignDefs.map(
    (c): MenuItem => ({ name: c.name, type: 'campaign', url: c.slug, submenu: [] }),
  )
  return [
    ...categories,
    { name: 'Brands', type: 'brand', url: slugify(brandNames[0] ?? 'brand'), submenu: brandItems },
    { name: 'Flash Deals', type: 'campaign', url: campaignDefs[0]?.slug ?? '', submenu: deals },
    { name: 'About Us', type: 'page', url: 'about-us', submenu: [] },
    { name: 'Track Order', type: 'custom', url: '/user/orders', submenu: [] },
  ]
}

export function footerMenu(): MenuItem[] {
  return pageDocuments()
    .filter((p) => p.slug !== 'faq')
    .map((p) => ({ name: p.title, type: 'page', url: p.slug, submenu: [] }))
}

const p = (text: string) => ({ type: 'paragraph' as const, text })
const h = (text: string) => ({ type: 'heading' as const, text })
const list = (...items: string[]) => ({ type: 'list' as const, items })

export function pageDocuments(): PageDocument[] {
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
    },
  ]
}
