import { Link } from '@tanstack/react-router'

export function Logo() {
  return (
    <Link to="/" className="logo" aria-label="Haat home">
      <span className="logo__mark" aria-hidden="true">
        h
      </span>
      <span className="logo__word">haat</span>
    </Link>
  )
}
