import { describe, expect, it } from 'vitest'
import { htmlToText, sourceFormatOf } from '../../server/domain/catalogue-formats'

describe('a description written in HTML', () => {
  it('becomes the text product pages show: paragraphs, lists, line breaks, bold and italic', () => {
    expect(
      htmlToText(
        '<p>Soft <strong>cotton </strong>panjabi.</p><ul><li>Machine wash</li><li>Made in <em>Dhaka</em></li></ul><p>One<br>two</p>',
      ),
    ).toBe('Soft **cotton** panjabi.\n\n- Machine wash\n- Made in *Dhaka*\n\nOne\ntwo')
  })

  it('drops scripts, styles and attributes, decodes entities and keeps Bangla and plain text as they are', () => {
    expect(
      htmlToText(
        '<h2 class="x">Fabric</h2><script>alert(1)</script><style>p{}</style><p>Silk &amp; cotton</p>',
      ),
    ).toBe('## Fabric\n\nSilk & cotton')
    expect(htmlToText('<span>হাতে বোনা জামদানি</span>')).toBe('হাতে বোনা জামদানি')
    expect(htmlToText('  Plain text, 2 < 3  ')).toBe('Plain text, 2 < 3')
  })
})

describe('the format a file is in', () => {
  const cellsOf = (header: string[], row: Record<string, string>) => header.map((name) => row[name] ?? '')

  it("reads Shopify's current export (URL handle, Description, SKU, Price) as the older one", () => {
    const header = [
      'Title',
      'URL handle',
      'Description',
      'Vendor',
      'Type',
      'Status',
      'SKU',
      'Option1 name',
      'Option1 value',
      'Price',
      'Compare-at price',
      'Inventory quantity',
      'Weight value (grams)',
      'Product image URL',
    ]
    const format = sourceFormatOf(header)
    expect(format.name).toBe('shopify')
    expect(
      format.push(
        2,
        cellsOf(header, {
          Title: 'Kurti',
          'URL handle': 'kurti',
          Description: '<p>Red</p>',
          Vendor: 'Aarong',
          Type: 'Kurti',
          Status: 'active',
          SKU: 'K-S',
          'Option1 name': 'Size',
          'Option1 value': 'S',
          Price: '900',
          'Compare-at price': '1200',
          'Inventory quantity': '4',
          'Weight value (grams)': '250',
          'Product image URL': 'https://cdn.example.com/k.jpg',
        }),
      ),
    ).toEqual([])
    const [row] = format.end()
    expect(row?.row).toBe(2)
    expect(row?.record).toMatchObject({
      product_slug: 'kurti',
      name: 'Kurti',
      description: 'Red',
      brand: 'Aarong',
      category: 'Kurti',
      option1_name: 'Size',
      option1_value: 'S',
      sku: 'K-S',
      price: '1200',
      discounted_price: '900',
      stock: '4',
      weight_grams: '250',
      images: 'https://cdn.example.com/k.jpg',
    })
    // an error points at the file's own column
    expect(format.columnName('sku')).toBe('SKU')
    expect(format.columnName('price')).toBe('Compare-at price')
  })

  it("takes any other header as the catalogue's own and lists what it lacks", () => {
    const format = sourceFormatOf(['product_slug', 'name', 'Colour'])
    expect(format.name).toBe('haat')
    expect(format.headerProblems).toContainEqual({ column: 'sku', message: 'The file lacks this column' })
    expect(format.headerProblems).toContainEqual({
      column: 'Colour',
      message: 'The format has no such column',
    })
  })
})
