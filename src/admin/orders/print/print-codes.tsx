import { encode } from 'uqr'
import { code128Bars, code128Fits } from './code128'

type CodeProps = {
  /** what the code carries (an order number) */
  value: string
  /** what a screen reader says for it */
  label: string
  className?: string
}

/** A QR code as inline SVG (no canvas, no image request): one square path of the dark modules. */
export function QrCode({ value, label, className }: CodeProps) {
  // the quiet zone of four modules the standard asks for is part of the grid
  const { data } = encode(value, { ecc: 'M', border: 4 })
  const size = data.length
  let path = ''
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`
    })
  })
  return (
    <svg
      className={className}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-code="qr"
    >
      <rect width="100%" height="100%" fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}

/** A Code 128 barcode as inline SVG, bars only (the number is printed beside it as text). */
export function Barcode({ value, label, className }: CodeProps) {
  if (!code128Fits(value)) return null
  const { bars, width } = code128Bars(value)
  const height = 50
  return (
    <svg
      className={className}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-code="code128"
    >
      <rect width="100%" height="100%" fill="#fff" />
      <path d={bars.map(([x, w]) => `M${x} 0h${w}v${height}h-${w}z`).join('')} fill="#000" />
    </svg>
  )
}
