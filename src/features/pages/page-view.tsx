import { useQuery } from '@tanstack/react-query'
import { PageSkeleton } from '../../ui/skeleton'
import { pageQuery } from './pages-api'

export function PageView({ slug }: { slug: string }) {
  const { data: page } = useQuery(pageQuery(slug))
  if (!page) return <PageSkeleton />
  return (
    <article className="page-document">
      <h1>{page.title}</h1>
      {page.blocks.map((block, index) => {
        const key = `${block.type}-${index}`
        if (block.type === 'heading') return <h2 key={key}>{block.text}</h2>
        if (block.type === 'paragraph') return <p key={key}>{block.text}</p>
        // the server rendered it from the page's Markdown and kept only safe tags and addresses
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML from the shop's own API
        if (block.type === 'html') return <div key={key} dangerouslySetInnerHTML={{ __html: block.html }} />
        return (
          <ul key={key}>
            {block.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        )
      })}
    </article>
  )
}
