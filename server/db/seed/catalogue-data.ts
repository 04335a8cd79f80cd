/** The demo shop's catalogue vocabulary: categories, brands, colours and how products are named. */

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
  garment: Garment
  sizes: string[]
  colours: string[]
  price: [number, number]
  styles: string[]
  materials: string[]
  noun: string
}

export type TopCategory = { slug: string; name: string; leaves: Leaf[] }

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
    leaves: [
      leaf({
        slug: 'panjabi',
        name: 'Panjabi',
        garment: 'panjabi',
        sizes: topSizes,
        colours: ['Maroon', 'Off White', 'Navy', 'Olive', 'Mustard'],
        price: [1290, 4590],
        styles: ['Embroidered', 'Festive', 'Classic', 'Slim Fit', 'Printed', 'Karchupi'],
        materials: ['Cotton', 'Silk', 'Linen', 'Khadi', 'Jacquard'],
        noun: 'Panjabi',
      }),
      leaf({
        slug: 'shirts',
        name: 'Shirts',
        garment: 'shirt',
        sizes: topSizes,
        colours: ['White', 'Sky Blue', 'Navy', 'Pink', 'Grey'],
        price: [990, 2890],
        styles: ['Slim Fit', 'Regular Fit', 'Checked', 'Striped', 'Formal', 'Casual'],
        materials: ['Oxford', 'Cotton', 'Linen', 'Poplin', 'Denim'],
        noun: 'Shirt',
      }),
      leaf({
        slug: 't-shirts',
        name: 'T-Shirts',
        garment: 'tshirt',
        sizes: topSizes,
        colours: ['Black', 'White', 'Navy', 'Olive', 'Red'],
        price: [390, 990],
        styles: ['Graphic', 'Basic', 'Round Neck', 'V-Neck', 'Oversized'],
        materials: ['Cotton', 'Jersey', 'Combed Cotton'],
        noun: 'T-Shirt',
      }),
      leaf({
        slug: 'polo',
        name: 'Polo',
        garment: 'polo',
        sizes: topSizes,
        colours: ['Navy', 'White', 'Green', 'Maroon', 'Grey'],
        price: [690, 1590],
        styles: ['Classic', 'Tipped', 'Pique', 'Sports', 'Striped'],
        materials: ['Cotton', 'Pique', 'Mercerised Cotton'],
        noun: 'Polo Shirt',
      }),
      leaf({
        slug: 'jeans',
        name: 'Jeans',
        garment: 'trousers',
        sizes: waist,
        colours: ['Navy', 'Black', 'Sky Blue', 'Grey'],
        price: [1290, 3290],
        styles: ['Slim Fit', 'Straight Fit', 'Stretch', 'Tapered', 'Washed'],
        materials: ['Denim', 'Stretch Denim'],
        noun: 'Jeans',
      }),
      leaf({
        slug: 'trousers',
        name: 'Trousers',
        garment: 'trousers',
        sizes: waist,
        colours: ['Beige', 'Black', 'Olive', 'Navy', 'Grey'],
        price: [990, 2590],
        styles: ['Chino', 'Formal', 'Cargo', 'Jogger', 'Pleated'],
        materials: ['Twill', 'Cotton', 'Gabardine'],
        noun: 'Trousers',
      }),
    ],
  },
  {
    slug: 'women',
    name: 'Women',
    leaves: [
      leaf({
        slug: 'saree',
        name: 'Saree',
        garment: 'saree',
        sizes: ['Free Size'],
        colours: ['Red', 'Maroon', 'Teal', 'Purple', 'Gold'],
        price: [1890, 12990],
        styles: ['Jamdani', 'Tant', 'Katan', 'Muslin', 'Half Silk', 'Block Print'],
        materials: ['Cotton', 'Silk', 'Muslin', 'Georgette'],
        noun: 'Saree',
      }),
      leaf({
        slug: 'salwar-kameez',
        name: 'Salwar Kameez',
        garment: 'kameez',
        sizes: womenSizes,
        colours: ['Pink', 'Teal', 'Mustard', 'Purple', 'Off White'],
        price: [1590, 5990],
        styles: ['Embroidered', 'Printed', 'Festive', 'Anarkali', 'Straight Cut'],
        materials: ['Cotton', 'Georgette', 'Lawn', 'Silk'],
        noun: 'Salwar Kameez',
      }),
      leaf({
        slug: 'kurti',
        name: 'Kurti',
        garment: 'kameez',
        sizes: womenSizes,
        colours: ['Mustard', 'Pink', 'Sky Blue', 'Green', 'White'],
        price: [690, 2290],
        styles: ['Printed', 'A-Line', 'Block Print', 'Casual', 'Embroidered'],
        materials: ['Cotton', 'Viscose', 'Linen'],
        noun: 'Kurti',
      }),
      leaf({
        slug: 'tops',
        name: 'Tops',
        garment: 'top',
        sizes: womenSizes,
        colours: ['White', 'Black', 'Pink', 'Beige', 'Red'],
        price: [490, 1490],
        styles: ['Casual', 'Peplum', 'Ruffled', 'Wrap', 'Crop'],
        materials: ['Viscose', 'Cotton', 'Georgette', 'Crepe'],
        noun: 'Top',
      }),
      leaf({
        slug: 'three-piece',
        name: 'Three-Piece',
        garment: 'kameez',
        sizes: womenSizes,
        colours: ['Teal', 'Maroon', 'Pink', 'Green', 'Off White'],
        price: [1690, 5490],
        styles: ['Unstitched', 'Embroidered', 'Digital Print', 'Festive', 'Screen Print'],
        materials: ['Cotton', 'Lawn', 'Georgette', 'Voile'],
        noun: 'Three-Piece',
      }),
    ],
  },
  {
    slug: 'kids',
    name: 'Kids',
    leaves: [
      leaf({
        slug: 'boys',
        name: 'Boys',
        garment: 'panjabi',
        sizes: kidsSizes,
        colours: ['Navy', 'Mustard', 'Sky Blue', 'Green', 'Maroon'],
        price: [490, 1890],
        styles: ['Festive', 'Printed', 'Casual', 'Embroidered'],
        materials: ['Cotton', 'Jersey', 'Silk'],
        noun: 'Boys Panjabi',
      }),
      leaf({
        slug: 'girls',
        name: 'Girls',
        garment: 'kameez',
        sizes: kidsSizes,
        colours: ['Pink', 'Purple', 'Red', 'Sky Blue', 'White'],
        price: [590, 2290],
        styles: ['Party', 'Printed', 'Frilled', 'Embroidered'],
        materials: ['Cotton', 'Georgette', 'Net'],
        noun: 'Girls Frock',
      }),
    ],
  },
  {
    slug: 'footwear',
    name: 'Footwear',
    leaves: [
      leaf({
        slug: 'sandals',
        name: 'Sandals',
        garment: 'sandal',
        sizes: shoeSizes,
        colours: ['Brown', 'Black', 'Beige'],
        price: [690, 1890],
        styles: ['Casual', 'Strap', 'Kolhapuri', 'Comfort'],
        materials: ['Leather', 'Synthetic'],
        noun: 'Sandals',
      }),
      leaf({
        slug: 'sneakers',
        name: 'Sneakers',
        garment: 'shoe',
        sizes: shoeSizes,
        colours: ['White', 'Black', 'Grey', 'Navy'],
        price: [1890, 5490],
        styles: ['Running', 'Everyday', 'Canvas', 'Court', 'Knit'],
        materials: ['Mesh', 'Canvas', 'Synthetic'],
        noun: 'Sneakers',
      }),
      leaf({
        slug: 'formal-shoes',
        name: 'Formal Shoes',
        garment: 'shoe',
        sizes: shoeSizes,
        colours: ['Black', 'Brown'],
        price: [2490, 6490],
        styles: ['Oxford', 'Derby', 'Loafer', 'Monk Strap'],
        materials: ['Leather', 'Suede'],
        noun: 'Shoes',
      }),
    ],
  },
  {
    slug: 'accessories',
    name: 'Accessories',
    leaves: [
      leaf({
        slug: 'bags',
        name: 'Bags',
        garment: 'bag',
        sizes: oneSize,
        colours: ['Brown', 'Black', 'Beige', 'Maroon'],
        price: [990, 4590],
        styles: ['Tote', 'Sling', 'Backpack', 'Handbag', 'Jute'],
        materials: ['Leather', 'Jute', 'Canvas'],
        noun: 'Bag',
      }),
      leaf({
        slug: 'watches',
        name: 'Watches',
        garment: 'watch',
        sizes: oneSize,
        colours: ['Black', 'Silver', 'Gold', 'Brown'],
        price: [1490, 8990],
        styles: ['Analog', 'Chronograph', 'Minimal', 'Classic', 'Sports'],
        materials: ['Steel', 'Leather Strap', 'Mesh Strap'],
        noun: 'Watch',
      }),
      leaf({
        slug: 'jewellery',
        name: 'Jewellery',
        garment: 'jewellery',
        sizes: oneSize,
        colours: ['Gold', 'Silver', 'Maroon'],
        price: [290, 3490],
        styles: ['Oxidised', 'Kundan', 'Pearl', 'Terracotta', 'Filigree'],
        materials: ['Earrings', 'Necklace Set', 'Bangles', 'Nose Pin'],
        noun: '',
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

export const campaignDefs = [
  {
    slug: 'eid-flash-deal',
    name: 'Eid Flash Deal',
    discountPercent: 25,
    daysLeft: 6,
    description: 'Festive favourites at up to 25% off, this week only.',
  },
  {
    slug: 'weekend-mega-sale',
    name: 'Weekend Mega Sale',
    discountPercent: 15,
    daysLeft: 2,
    description: 'Everyday wear at weekend prices.',
  },
]

export const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
