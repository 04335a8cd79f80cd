import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { PageEdit } from '../../../src/contract/admin-content'
import { pageBlock } from '../../../src/contract/menu'
import { type Db, queryRows, type Tx } from '../../db/client'
import { conflict, notFound } from '../../domain/errors'
import { blocksToMarkdown, markdownBlocks } from '../../domain/markdown'
import type { ContentRepository } from './index'
import { parseJson, refuse, sameVersion, versionOf } from './shared'

export type PageInput = {
  title: string
  titleBn: string
  markdown: string
  markdownBn: string
  published: boolean
}

const blocksOf = (value: unknown) => z.array(pageBlock).parse(parseJson(value))

type PageRow = {
  slug: string
  title: string
  title_bn: string
  body: unknown
  body_bn: unknown
  markdown: string
  markdown_bn: string
  published: boolean
  version: string
}
const pageColumns = sql`slug, title, title_bn, body, body_bn, markdown, markdown_bn, published, ${versionOf} as version`

function pageEdit(row: PageRow): PageEdit {
  // a page made before Markdown opens as Markdown written from its blocks
  const markdownBn =
    row.markdown_bn !== '' || row.body_bn === null ? row.markdown_bn : blocksToMarkdown(blocksOf(row.body_bn))
  return {
    slug: row.slug,
    title: row.title,
    titleBn: row.title_bn,
    markdown: row.markdown !== '' ? row.markdown : blocksToMarkdown(blocksOf(row.body)),
    markdownBn,
    published: row.published,
    version: row.version,
  }
}

/** what the audit log keeps of a page (its Markdown, not the HTML rendered from it) */
const pageAudit = (page: PageEdit) => {
  const { version: _version, ...fields } = page
  return fields
}

/** The shopper's documents of a page's Markdown: English, and Bangla when it has a Bangla text. */
function renderedPage(input: PageInput) {
  return {
    title: input.title,
    titleBn: input.titleBn,
    markdown: input.markdown,
    markdownBn: input.markdownBn,
    published: input.published,
    body: JSON.stringify(markdownBlocks(input.markdown)),
    bodyBn: input.markdownBn.trim() === '' ? null : JSON.stringify(markdownBlocks(input.markdownBn)),
  }
}

async function pageRow(db: Db | Tx, slug: string, lock = false) {
  const [row] = await queryRows<PageRow>(
    db,
    sql`select ${pageColumns} from pages where slug = ${slug} ${lock ? sql`for update` : sql``}`,
  )
  return row ?? null
}

type PageContent = Pick<
  ContentRepository,
  'page' | 'pages' | 'pageForEdit' | 'createPage' | 'savePage' | 'unpublishPage'
>

/** The shop's static pages (about, terms, …): written in Markdown, kept with their rendered blocks. */
export function pageRepository(app: FastifyInstance): PageContent {
  return {
    async page(slug, language) {
      const [row] = await queryRows<{
        slug: string
        title: string
        body: unknown
        title_bn: string
        body_bn: unknown
      }>(
        app.db,
        sql`select slug, title, body, title_bn, body_bn from pages where slug = ${slug} and published`,
      )
      if (!row) return null
      // a half-written translation (a title without a body, or the reverse) is not shown
      const bangla = language === 'bn' && row.title_bn !== '' && row.body_bn !== null
      const [title, body] = bangla ? [row.title_bn, row.body_bn] : [row.title, row.body]
      return {
        page: { slug: row.slug, title, blocks: blocksOf(body) },
        language: bangla ? 'bn' : 'en',
      }
    },

    async pages() {
      const rows = await queryRows<{
        slug: string
        title: string
        title_bn: string
        published: boolean
        updated_at: string | Date
      }>(app.db, sql`select slug, title, title_bn, published, updated_at from pages order by title, slug`)
      return rows.map((row) => ({
        slug: row.slug,
        title: row.title,
        titleBn: row.title_bn,
        published: row.published,
        updatedAt: new Date(row.updated_at).toISOString(),
      }))
    },

    async pageForEdit(slug) {
      const row = await pageRow(app.db, slug)
      return row ? pageEdit(row) : null
    },

    createPage(slug, input, changed) {
      return app.db.transaction(async (tx) => {
        const page = renderedPage(input)
        const [row] = await queryRows<PageRow>(
          tx,
          sql`insert into pages (slug, title, title_bn, markdown, markdown_bn, published, body, body_bn, updated_at)
            values (${slug}, ${page.title}, ${page.titleBn}, ${page.markdown}, ${page.markdownBn},
                    ${page.published}, ${page.body}::jsonb, ${page.bodyBn}::jsonb, clock_timestamp())
            on conflict (slug) do nothing returning ${pageColumns}`,
        )
        if (!row) throw conflict({ slug: ['A page with this address exists'] })
        const created = pageEdit(row)
        await changed(tx, null, pageAudit(created))
        return created
      })
    },

    savePage(slug, input, version, changed) {
      return app.db.transaction(async (tx) => {
        const current = await pageRow(tx, slug, true)
        if (!current) throw notFound('slug', 'Page not found')
        const page = renderedPage(input)
        const [row] =
          version === null
            ? []
            : await queryRows<PageRow>(
                tx,
                sql`update pages set title = ${page.title}, title_bn = ${page.titleBn}, markdown = ${page.markdown},
                    markdown_bn = ${page.markdownBn}, published = ${page.published}, body = ${page.body}::jsonb,
                    body_bn = ${page.bodyBn}::jsonb, updated_at = clock_timestamp()
                  where slug = ${slug} and ${sameVersion(version)} returning ${pageColumns}`,
              )
        if (!row) return refuse(app, tx, 'page', slug, sql`pages`, sql`slug = ${slug}`)
        const saved = pageEdit(row)
        await changed(tx, pageAudit(pageEdit(current)), pageAudit(saved))
        return saved
      })
    },

    unpublishPage(slug, changed) {
      return app.db.transaction(async (tx) => {
        const current = await pageRow(tx, slug, true)
        if (!current) throw notFound('slug', 'Page not found')
        const [row] = await queryRows<PageRow>(
          tx,
          sql`update pages set published = false, updated_at = clock_timestamp() where slug = ${slug}
            returning ${pageColumns}`,
        )
        if (!row) throw notFound('slug', 'Page not found')
        await changed(tx, { published: current.published }, { published: false })
        return pageEdit(row)
      })
    },
  }
}
