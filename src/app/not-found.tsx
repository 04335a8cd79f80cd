import { Link } from '@tanstack/react-router'

export function NotFoundPage() {
  return (
    <section className="status-page">
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="button">
        Back to the shop
      </Link>
    </section>
  )
}
