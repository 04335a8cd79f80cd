// `npm run bench -- --only=import`: the catalogue's CSV import of 10,000 rows (2,500 products in four sizes)
// through the API, on PGlite and, with DATABASE_URL, on PostgreSQL: a first import (all created) and the same
// file again (all unchanged). Budget: 60 s for the first import on PGlite.
import { brands, categories } from '../../server/db/schema'
import { IMPORT_COLUMNS } from '../../src/contract/admin-import'
import { adminCall, createPerson, openSession } from '../server/admin-support'
import { createTestApp } from '../server/helpers'
import { type Row, table } from './stats'

const ROWS = 10_000
const BUDGET_SECONDS = 60

function catalogueCsv(category: string, brand: string): string {
  const lines = [IMPORT_COLUMNS.join(',')]
  for (let product = 0; product < ROWS / 4; product += 1) {
    for (const size of ['S', 'M', 'L', 'XL']) {
      const cells: Partial<Record<(typeof IMPORT_COLUMNS)[number], string>> = {
        product_slug: `bench-shirt-${product}`,
        name: `Bench shirt ${product}`,
        name_bn: `বেঞ্চ শার্ট ${product}`,
        description: '"Soft cotton, woven in Narayanganj"',
        category,
        brand,
        status: 'active',
        option1_name: 'Size',
        option1_value: size,
        sku: `BENCH-${product}-${size}`,
        price: String(1000 + (product % 50) * 10),
        discounted_price: String(900 + (product % 50) * 10),
        vat: '5',
        stock: String(product % 30),
        weight_grams: '300',
      }
      lines.push(IMPORT_COLUMNS.map((column) => cells[column] ?? '').join(','))
    }
  }
  return `${lines.join('\r\n')}\r\n`
}

function multipart(csv: string) {
  const boundary = `----haatbench${Date.now()}`
  return {
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(csv),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

async function benchOn(database: 'pglite' | 'postgres'): Promise<Row[]> {
  if (database === 'postgres') process.env.TEST_DB = 'postgres'
  else delete process.env.TEST_DB
  const t = await createTestApp({ products: 1 })
  try {
    const owner = await openSession(t.app, await createPerson(t.db, { phone: '01739990001', role: 'owner' }))
    const [category] = await t.db.select({ slug: categories.slug }).from(categories).limit(1)
    const [brand] = await t.db.select({ slug: brands.slug }).from(brands).limit(1)
    const csv = catalogueCsv(category?.slug ?? '', brand?.slug ?? '')
    const rows: Row[] = []
    for (const run of ['first import', 'same file again']) {
      const started = performance.now()
      const sent = await adminCall(t.app, 'POST', 'imports?dryRun=false', { as: owner, ...multipart(csv) })
      const id = (sent.body.data as { id: string }).id
      await t.app.catalogueImport.settle()
      const seconds = (performance.now() - started) / 1000
      const state = (await adminCall(t.app, 'GET', `imports/${id}`, { as: owner })).body.data as Record<
        string,
        number
      >
      rows.push({
        database,
        run,
        rows: state.rowsRead ?? 0,
        created: state.created ?? 0,
        unchanged: state.unchanged ?? 0,
        failed: state.failed ?? 0,
        seconds: seconds.toFixed(1),
        'rows/s': Math.round((state.rowsRead ?? 0) / seconds),
      })
    }
    return rows
  } finally {
    await t.close()
  }
}

export async function benchImport(): Promise<void> {
  const rows = await benchOn('pglite')
  if (process.env.DATABASE_URL) rows.push(...(await benchOn('postgres')))
  console.log(table(rows))
  const first = Number(rows[0]?.seconds ?? Number.POSITIVE_INFINITY)
  if (first > BUDGET_SECONDS) {
    console.error(`the import of ${ROWS} rows on PGlite took ${first} s, over its ${BUDGET_SECONDS} s budget`)
    process.exitCode = 1
  }
}
