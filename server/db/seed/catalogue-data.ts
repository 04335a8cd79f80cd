/** The demo shop's catalogue vocabulary, in English and Bangla: categories, brands, colours and how products are named. */

export type Garment =
  | 'panjabi'
  | 'shirt'
  | 'tshirt'
  | 'polo'
  | 'trousers'
  | 'saree'
  | 'kameez'
  | 'top'
  | 'shoe'
  | 'sandal'
  | 'bag'
  | 'watch'
  | 'jewellery'

export type Leaf = {
  slug: string
  name: string
  /** the category's name as a Bangladeshi shop writes it */
  nameBn: string
  garment: Garment
  sizes: string[]
  colours: string[]
  price: [number, number]
  styles: string[]
  materials: string[]
  noun: string
  nounBn: string
  /** who the garment is for, put first in a Bangla name ("ছেলেদের উৎসবের পাঞ্জাবি") */
  forBn?: string
}

export type TopCategory = { slug: string; name: string; nameBn: string; leaves: Leaf[] }

const topSizes = ['S', 'M', 'L', 'XL', 'XXL']
const waist = ['28', '30', '32', '34', '36']
const womenSizes = ['S', 'M', 'L', 'XL']
const kidsSizes = ['2-3Y', '4-5Y', '6-7Y', '8-9Y', '10-11Y']
const shoeSizes = ['38', '39', '40', '41', '42', '43']
const oneSize = ['One Size']

export const colourHex: Record<string, string> = {
  Maroon: '#7b1e2b',
  Navy: '#1f2f57',
  White: '#f4f4f0',
  Black: '#222222',
  Olive: '#6b7033',
  Mustard: '#d4a017',
  'Sky Blue': '#79b8e0',
  'Off White': '#ece6d6',
  Red: '#c62d32',
  Green: '#2e7d4f',
  Pink: '#e48aa8',
  Grey: '#8a8d91',
  Beige: '#d8c3a0',
  Teal: '#1f7a7a',
  Purple: '#6a3f8f',
  Brown: '#7a4e2d',
  Gold: '#c9a23f',
  Silver: '#b8bcc2',
}

const leaf = (l: Leaf) => l

export const topCategories: TopCategory[] = [
  {
    slug: 'men',
    name: 'Men',
    nameBn: 'পুরুষ',
    leaves: [
      leaf({
        slug: 'panjabi',
        name: 'Panjabi',
        nameBn: 'পাঞ্জাবি',
        garment: 'panjabi',
        sizes: topSizes,
        colours: ['Maroon', 'Off White', 'Navy', 'Olive', 'Mustard'],
        price: [1290, 4590],
        styles: ['Embroidered', 'Festive', 'Classic', 'Slim Fit', 'Printed', 'Karchupi'],
        materials: ['Cotton', 'Silk', 'Linen', 'Khadi', 'Jacquard'],
        noun: 'Panjabi',
        nounBn: 'পাঞ্জাবি',
      }),
      leaf({
        slug: 'shirts',
        name: 'Shirts',
        nameBn: 'শার্ট',
        garment: 'shirt',
        sizes: topSizes,
        colours: ['White', 'Sky Blue', 'Navy', 'Pink', 'Grey'],
        price: [990, 2890],
        styles: ['Slim Fit', 'Regular Fit', 'Checked', 'Striped', 'Formal', 'Casual'],
        materials: ['Oxford', 'Cotton', 'Linen', 'Poplin', 'Denim'],
        noun: 'Shirt',
        nounBn: 'শার্ট',
      }),
      leaf({
        slug: 't-shirts',
        name: 'T-Shirts',
        nameBn: 'টি-শার্ট',
        garment: 'tshirt',
        sizes: topSizes,
        colours: ['Black', 'White', 'Navy', 'Olive', 'Red'],
        price: [390, 990],
        styles: ['Graphic', 'Basic', 'Round Neck', 'V-Neck', 'Oversized'],
        materials: ['Cotton', 'Jersey', 'Combed Cotton'],
        noun: 'T-Shirt',
        nounBn: 'টি-শার্ট',
      }),
      leaf({
        slug: 'polo',
        name: 'Polo',
        nameBn: 'পোলো শার্ট',
        garment: 'polo',
        sizes: topSizes,
        colours: ['Navy', 'White', 'Green', 'Maroon', 'Grey'],
        price: [690, 1590],
        styles: ['Classic', 'Tipped', 'Pique', 'Sports', 'Striped'],
        materials: ['Cotton', 'Pique', 'Mercerised Cotton'],
        noun: 'Polo Shirt',
        nounBn: 'পোলো শার্ট',
      }),
      leaf({
        slug: 'jeans',
        name: 'Jeans',
        nameBn: 'জিন্স',
        garment: 'trousers',
        sizes: waist,
        colours: ['Navy', 'Black', 'Sky Blue', 'Grey'],
        price: [1290, 3290],
        styles: ['Slim Fit', 'Straight Fit', 'Stretch', 'Tapered', 'Washed'],
        materials: ['Denim', 'Stretch Denim'],
        noun: 'Jeans',
        nounBn: 'জিন্স',
      }),
      leaf({
        slug: 'trousers',
        name: 'Trousers',
        nameBn: 'প্যান্ট',
        garment: 'trousers',
        sizes: waist,
        colours: ['Beige', 'Black', 'Olive', 'Navy', 'Grey'],
        price: [990, 2590],
        styles: ['Chino', 'Formal', 'Cargo', 'Jogger', 'Pleated'],
        materials: ['Twill', 'Cotton', 'Gabardine'],
        noun: 'Trousers',
        nounBn: 'প্যান্ট',
      }),
    ],
  },
  {
    slug: 'women',
    name: 'Women',
    nameBn: 'নারী',
    leaves: [
      leaf({
        slug: 'saree',
        name: 'Saree',
        nameBn: 'শাড়ি',
        garment: 'saree',
        sizes: ['Free Size'],
        colours: ['Red', 'Maroon', 'Teal', 'Purple', 'Gold'],
        price: [1890, 12990],
        styles: ['Jamdani', 'Tant', 'Katan', 'Muslin', 'Half Silk', 'Block Print'],
        materials: ['Cotton', 'Silk', 'Muslin', 'Georgette'],
        noun: 'Saree',
        nounBn: 'শাড়ি',
      }),
      leaf({
        slug: 'salwar-kameez',
        name: 'Salwar Kameez',
        nameBn: 'সালোয়ার কামিজ',
        garment: 'kameez',
        sizes: womenSizes,
        colours: ['Pink', 'Teal', 'Mustard', 'Purple', 'Off White'],
        price: [1590, 5990],
        styles: ['Embroidered', 'Printed', 'Festive', 'Anarkali', 'Straight Cut'],
        materials: ['Cotton', 'Georgette', 'Lawn', 'Silk'],
        noun: 'Salwar Kameez',
        nounBn: 'সালোয়ার কামিজ',
      }),
      leaf({
        slug: 'kurti',
        name: 'Kurti',
        nameBn: 'কুর্তি',
        garment: 'kameez',
        sizes: womenSizes,
        colours: ['Mustard', 'Pink', 'Sky Blue', 'Green', 'White'],
        price: [690, 2290],
        styles: ['Printed', 'A-Line', 'Block Print', 'Casual', 'Embroidered'],
        materials: ['Cotton', 'Viscose', 'Linen'],
        noun: 'Kurti',
        nounBn: 'কুর্তি',
      }),
      leaf({
        slug: 'tops',
        name: 'Tops',
        nameBn: 'টপস',
        garment: 'top',
        sizes: womenSizes,
        colours: ['White', 'Black', 'Pink', 'Beige', 'Red'],
        price: [490, 1490],
        styles: ['Casual', 'Peplum', 'Ruffled', 'Wrap', 'Crop'],
        materials: ['Viscose', 'Cotton', 'Georgette', 'Crepe'],
        noun: 'Top',
        nounBn: 'টপ',
      }),
      leaf({
        slug: 'three-piece',
        name: 'Three-Piece',
        nameBn: 'থ্রি-পিস',
        garment: 'kameez',
        sizes: womenSizes,
        colours: ['Teal', 'Maroon', 'Pink', 'Green', 'Off White'],
        price: [1690, 5490],
        styles: ['Unstitched', 'Embroidered', 'Digital Print', 'Festive', 'Screen Print'],
        materials: ['Cotton', 'Lawn', 'Georgette', 'Voile'],
        noun: 'Three-Piece',
        nounBn: 'থ্রি-পিস',
      }),
    ],
  },
  {
    slug: 'kids',
    name: 'Kids',
    nameBn: 'শিশু',
    leaves: [
      leaf({
        slug: 'boys',
        name: 'Boys',
        nameBn: 'ছেলেদের',
        garment: 'panjabi',
        sizes: kidsSizes,
        colours: ['Navy', 'Mustard', 'Sky Blue', 'Green', 'Maroon'],
        price: [490, 1890],
        styles: ['Festive', 'Printed', 'Casual', 'Embroidered'],
        materials: ['Cotton', 'Jersey', 'Silk'],
        noun: 'Boys Panjabi',
        nounBn: 'পাঞ্জাবি',
        forBn: 'ছেলেদের',
      }),
      leaf({
        slug: 'girls',
        name: 'Girls',
        nameBn: 'মেয়েদের',
        garment: 'kameez',
        sizes: kidsSizes,
        colours: ['Pink', 'Purple', 'Red', 'Sky Blue', 'White'],
        price: [590, 2290],
        styles: ['Party', 'Printed', 'Frilled', 'Embroidered'],
        materials: ['Cotton', 'Georgette', 'Net'],
        noun: 'Girls Frock',
        nounBn: 'ফ্রক',
        forBn: 'মেয়েদের',
      }),
    ],
  },
  {
    slug: 'footwear',
    name: 'Footwear',
    nameBn: 'জুতা',
    leaves: [
      leaf({
        slug: 'sandals',
        name: 'Sandals',
        nameBn: 'স্যান্ডেল',
        garment: 'sandal',
        sizes: shoeSizes,
        colours: ['Brown', 'Black', 'Beige'],
        price: [690, 1890],
        styles: ['Casual', 'Strap', 'Kolhapuri', 'Comfort'],
        materials: ['Leather', 'Synthetic'],
        noun: 'Sandals',
        nounBn: 'স্যান্ডেল',
      }),
      leaf({
        slug: 'sneakers',
        name: 'Sneakers',
        nameBn: 'স্নিকার্স',
        garment: 'shoe',
        sizes: shoeSizes,
        colours: ['White', 'Black', 'Grey', 'Navy'],
        price: [1890, 5490],
        styles: ['Running', 'Everyday', 'Canvas', 'Court', 'Knit'],
        materials: ['Mesh', 'Canvas', 'Synthetic'],
        noun: 'Sneakers',
        nounBn: 'স্নিকার্স',
      }),
      leaf({
        slug: 'formal-shoes',
        name: 'Formal Shoes',
        nameBn: 'ফরমাল জুতা',
        garment: 'shoe',
        sizes: shoeSizes,
        colours: ['Black', 'Brown'],
        price: [2490, 6490],
        styles: ['Oxford', 'Derby', 'Loafer', 'Monk Strap'],
        materials: ['Leather', 'Suede'],
        noun: 'Shoes',
        nounBn: 'জুতা',
      }),
    ],
  },
  {
    slug: 'accessories',
    name: 'Accessories',
    nameBn: 'এক্সেসরিজ',
    leaves: [
      leaf({
        slug: 'bags',
        name: 'Bags',
        nameBn: 'ব্যাগ',
        garment: 'bag',
        sizes: oneSize,
        colours: ['Brown', 'Black', 'Beige', 'Maroon'],
        price: [990, 4590],
        styles: ['Tote', 'Sling', 'Backpack', 'Handbag', 'Jute'],
        materials: ['Leather', 'Jute', 'Canvas'],
        noun: 'Bag',
        nounBn: 'ব্যাগ',
      }),
      leaf({
        slug: 'watches',
        name: 'Watches',
        nameBn: 'ঘড়ি',
        garment: 'watch',
        sizes: oneSize,
        colours: ['Black', 'Silver', 'Gold', 'Brown'],
        price: [1490, 8990],
        styles: ['Analog', 'Chronograph', 'Minimal', 'Classic', 'Sports'],
        materials: ['Steel', 'Leather Strap', 'Mesh Strap'],
        noun: 'Watch',
        nounBn: 'ঘড়ি',
      }),
      leaf({
        slug: 'jewellery',
        name: 'Jewellery',
        nameBn: 'গয়না',
        garment: 'jewellery',
        sizes: oneSize,
        colours: ['Gold', 'Silver', 'Maroon'],
        price: [290, 3490],
        styles: ['Oxidised', 'Kundan', 'Pearl', 'Terracotta', 'Filigree'],
        materials: ['Earrings', 'Necklace Set', 'Bangles', 'Nose Pin'],
        noun: '',
        nounBn: '',
      }),
    ],
  },
]

export const brandNames = [
  'Rong Bahar',
  'Nakshi Ghor',
  'Padma Threads',
  'Meghna Weaves',
  'Sonar Tori',
  'Dhaka Loom',
  'Kashful',
  'Bunon',
  'Shapla Craft',
  'Jatra Lane',
]

/** The brands in Bangla script, as the shops write their own names on signboards and bags. */
export const brandNamesBn: Record<string, string> = {
  'Rong Bahar': 'রং বাহার',
  'Nakshi Ghor': 'নকশি ঘর',
  'Padma Threads': 'পদ্মা থ্রেডস',
  'Meghna Weaves': 'মেঘনা উইভস',
  'Sonar Tori': 'সোনার তরী',
  'Dhaka Loom': 'ঢাকা লুম',
  Kashful: 'কাশফুল',
  Bunon: 'বুনন',
  'Shapla Craft': 'শাপলা ক্রাফট',
  'Jatra Lane': 'যাত্রা লেন',
}

export const campaignDefs = [
  {
    slug: 'eid-flash-deal',
    name: 'Eid Flash Deal',
    nameBn: 'ঈদ ফ্ল্যাশ ডিল',
    discountPercent: 25,
    daysLeft: 6,
    description: 'Festive favourites at up to 25% off, this week only.',
    descriptionBn: 'উৎসবের প্রিয় পোশাকে ২৫% পর্যন্ত ছাড়, শুধু এই সপ্তাহে।',
  },
  {
    slug: 'weekend-mega-sale',
    name: 'Weekend Mega Sale',
    nameBn: 'উইকেন্ড মেগা সেল',
    discountPercent: 15,
    daysLeft: 2,
    description: 'Everyday wear at weekend prices.',
    descriptionBn: 'প্রতিদিনের পোশাক, ছুটির দিনের দামে।',
  },
]

/**
 * The styles and fabrics of product names in Bangla: the loan words shops print on tags
 * (স্লিম ফিট, জর্জেট), Bangla where shoppers use it (সুতি, তাঁত, চামড়ার).
 */
export const wordsBn: Record<string, string> = {
  // styles
  Embroidered: 'এমব্রয়ডারি',
  Festive: 'উৎসবের',
  Classic: 'ক্লাসিক',
  'Slim Fit': 'স্লিম ফিট',
  Printed: 'প্রিন্টেড',
  Karchupi: 'কারচুপি',
  'Regular Fit': 'রেগুলার ফিট',
  Checked: 'চেক',
  Striped: 'স্ট্রাইপ',
  Formal: 'ফরমাল',
  Casual: 'ক্যাজুয়াল',
  Graphic: 'গ্রাফিক',
  Basic: 'বেসিক',
  'Round Neck': 'রাউন্ড নেক',
  'V-Neck': 'ভি-নেক',
  Oversized: 'ওভারসাইজড',
  Tipped: 'টিপড',
  Pique: 'পিকে',
  Sports: 'স্পোর্টস',
  'Straight Fit': 'স্ট্রেইট ফিট',
  Stretch: 'স্ট্রেচ',
  Tapered: 'টেপার্ড',
  Washed: 'ওয়াশড',
  Chino: 'চিনো',
  Cargo: 'কার্গো',
  Jogger: 'জগার',
  Pleated: 'প্লিটেড',
  Jamdani: 'জামদানি',
  Tant: 'তাঁত',
  Katan: 'কাতান',
  Muslin: 'মসলিন',
  'Half Silk': 'হাফ সিল্ক',
  'Block Print': 'ব্লক প্রিন্ট',
  Anarkali: 'আনারকলি',
  'Straight Cut': 'স্ট্রেইট কাট',
  'A-Line': 'এ-লাইন',
  Peplum: 'পেপলাম',
  Ruffled: 'রাফল',
  Wrap: 'র‍্যাপ',
  Crop: 'ক্রপ',
  Unstitched: 'আনস্টিচড',
  'Digital Print': 'ডিজিটাল প্রিন্ট',
  'Screen Print': 'স্ক্রিন প্রিন্ট',
  Party: 'পার্টি',
  Frilled: 'ফ্রিল',
  Strap: 'স্ট্র্যাপ',
  Kolhapuri: 'কোলাপুরি',
  Comfort: 'কমফোর্ট',
  Running: 'রানিং',
  Everyday: 'প্রতিদিনের',
  Canvas: 'ক্যানভাস',
  Court: 'কোর্ট',
  Knit: 'নিট',
  Oxford: 'অক্সফোর্ড',
  Derby: 'ডার্বি',
  Loafer: 'লোফার',
  'Monk Strap': 'মঙ্ক স্ট্র্যাপ',
  Tote: 'টোট',
  Sling: 'স্লিং',
  Backpack: 'ব্যাকপ্যাক',
  Handbag: 'হ্যান্ডব্যাগ',
  Jute: 'পাটের',
  Analog: 'অ্যানালগ',
  Chronograph: 'ক্রোনোগ্রাফ',
  Minimal: 'মিনিমাল',
  Oxidised: 'অক্সিডাইজড',
  Kundan: 'কুন্দন',
  Pearl: 'মুক্তার',
  Terracotta: 'টেরাকোটা',
  Filigree: 'ফিলিগ্রি',
  // fabrics and, for jewellery, the piece itself
  Cotton: 'সুতি',
  Silk: 'সিল্ক',
  Linen: 'লিনেন',
  Khadi: 'খাদি',
  Jacquard: 'জ্যাকার্ড',
  Poplin: 'পপলিন',
  Denim: 'ডেনিম',
  Jersey: 'জার্সি',
  'Combed Cotton': 'কম্বড কটন',
  'Mercerised Cotton': 'মার্সেরাইজড কটন',
  'Stretch Denim': 'স্ট্রেচ ডেনিম',
  Twill: 'টুইল',
  Gabardine: 'গ্যাবার্ডিন',
  Georgette: 'জর্জেট',
  Lawn: 'লন',
  Viscose: 'ভিসকস',
  Crepe: 'ক্রেপ',
  Voile: 'ভয়েল',
  Net: 'নেট',
  Leather: 'চামড়ার',
  Synthetic: 'সিনথেটিক',
  Mesh: 'মেশ',
  Suede: 'সোয়েড',
  Steel: 'স্টিল',
  'Leather Strap': 'চামড়ার বেল্ট',
  'Mesh Strap': 'মেশ বেল্ট',
  Earrings: 'কানের দুল',
  'Necklace Set': 'নেকলেস সেট',
  Bangles: 'চুড়ি',
  'Nose Pin': 'নাকফুল',
}

export const colourNamesBn: Record<string, string> = {
  Maroon: 'মেরুন',
  Navy: 'নেভি ব্লু',
  White: 'সাদা',
  Black: 'কালো',
  Olive: 'জলপাই',
  Mustard: 'সরিষা হলুদ',
  'Sky Blue': 'আকাশি',
  'Off White': 'অফ হোয়াইট',
  Red: 'লাল',
  Green: 'সবুজ',
  Pink: 'গোলাপি',
  Grey: 'ছাই',
  Beige: 'বেইজ',
  Teal: 'টিল',
  Purple: 'বেগুনি',
  Brown: 'বাদামি',
  Gold: 'সোনালি',
  Silver: 'রুপালি',
}

export const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
