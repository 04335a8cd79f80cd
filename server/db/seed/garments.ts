import type { Garment } from './catalogue-data'

/** Flat silhouettes (viewBox 0 0 300 375) per garment: `body` is filled with the colour, `trim` is drawn darker. */
type Shape = { body: string; trim: string; back?: string }

const shapes: Record<Garment, Shape> = {
  panjabi: {
    body: 'M105 40 L135 30 L150 45 L165 30 L195 40 L260 90 L240 130 L210 110 L215 345 L85 345 L90 110 L60 130 L40 90 Z',
    trim: 'M147 45 L153 45 L153 150 L147 150 Z M140 70 h6 v6 h-6 Z M140 95 h6 v6 h-6 Z M140 120 h6 v6 h-6 Z',
    back: 'M130 36 Q150 50 170 36 L170 42 Q150 56 130 42 Z',
  },
  shirt: {
    body: 'M105 50 L135 38 L150 55 L165 38 L195 50 L265 110 L245 150 L212 122 L212 300 L88 300 L88 122 L55 150 L35 110 Z',
    trim: 'M135 38 L150 70 L165 38 L160 36 L150 55 L140 36 Z M148 70 h4 v230 h-4 Z',
    back: 'M110 60 h80 v6 h-80 Z',
  },
  tshirt: {
    body: 'M100 55 Q150 80 200 55 L265 100 L240 145 L210 125 L210 305 L90 305 L90 125 L60 145 L35 100 Z',
    trim: 'M118 56 Q150 86 182 56 Q150 74 118 56 Z',
  },
  polo: {
    body: 'M100 55 L130 45 L150 60 L170 45 L200 55 L265 100 L240 145 L210 125 L210 305 L90 305 L90 125 L60 145 L35 100 Z',
    trim: 'M130 45 L150 60 L170 45 L178 58 L150 75 L122 58 Z M146 62 h8 v50 h-8 Z',
  },
  trousers: {
    body: 'M95 40 L205 40 L222 345 L165 345 L150 140 L135 345 L78 345 Z',
    trim: 'M95 40 h110 v14 h-110 Z M148 54 h4 v80 h-4 Z',
    back: 'M108 70 h30 v22 h-30 Z M162 70 h30 v22 h-30 Z',
  },
  saree: {
    body: 'M70 40 L230 40 L250 345 L50 345 Z',
    trim: 'M50 315 L250 315 L252 345 L48 345 Z M70 40 L95 40 L82 345 L60 345 Z',
    back: 'M120 120 h60 v60 h-60 Z',
  },
  kameez: {
    body: 'M110 40 Q150 70 190 40 L250 85 L232 125 L205 105 L235 345 L65 345 L95 105 L68 125 L50 85 Z',
    trim: 'M120 44 Q150 84 180 44 Q150 64 120 44 Z M70 320 L230 320 L235 345 L65 345 Z',
  },
  top: {
    body: 'M105 60 Q150 85 195 60 L250 95 L230 135 L205 118 L215 290 L85 290 L95 118 L70 135 L50 95 Z',
    trim: 'M120 62 Q150 92 180 62 Q150 78 120 62 Z',
  },
  shoe: {
    body: 'M40 250 Q45 200 95 190 L150 170 Q175 160 190 185 Q230 215 260 225 Q270 250 255 265 L50 270 Q38 265 40 250 Z',
    trim: 'M40 262 L262 258 L258 280 L44 282 Z M120 185 l30 -8 l4 8 l-30 8 Z M135 200 l30 -8 l4 8 l-30 8 Z',
  },
  sandal: {
    body: 'M60 260 Q55 220 100 215 L240 220 Q265 235 255 262 L70 272 Q60 270 60 260 Z',
    trim: 'M100 215 Q150 150 200 218 L188 220 Q150 170 112 216 Z',
  },
  bag: {
    body: 'M70 130 L230 130 L250 320 L50 320 Z',
    trim: 'M110 130 Q110 60 150 60 Q190 60 190 130 L178 130 Q178 74 150 74 Q122 74 122 130 Z M70 170 h160 v8 h-160 Z',
  },
  watch: {
    body: 'M125 40 h50 v90 h-50 Z M125 245 h50 v90 h-50 Z',
    trim: 'M80 190 a70 70 0 1 0 140 0 a70 70 0 1 0 -140 0 Z',
    back: 'M110 190 a40 40 0 1 0 80 0 a40 40 0 1 0 -80 0 Z',
  },
  jewellery: {
    body: 'M70 80 Q150 300 230 80 L215 80 Q150 270 85 80 Z',
    trim: 'M150 250 m-22 0 a22 22 0 1 0 44 0 a22 22 0 1 0 -44 0 Z M100 170 m-8 0 a8 8 0 1 0 16 0 a8 8 0 1 0 -16 0 Z M200 170 m-8 0 a8 8 0 1 0 16 0 a8 8 0 1 0 -16 0 Z',
  },
}

function darker(hex: string, amount = 0.35): string {
  const n = Number.parseInt(hex.slice(1), 16)
  const channel = (shift: number) => Math.round(((n >> shift) & 255) * (1 - amount))
  return `rgb(${channel(16)},${channel(8)},${channel(0)})`
}

/** An SVG of the garment in the colour: the front, or the back (plainer, mirrored details). */
export function garmentSvg(garment: Garment, hex: string, view: 'front' | 'back'): string {
  const shape = shapes[garment]
  const trim = view === 'front' ? shape.trim : (shape.back ?? '')
  const watchFace =
    garment === 'watch' && view === 'front' ? '<circle cx="150" cy="190" r="58" fill="#fafafa"/>' : ''
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="750" viewBox="0 0 300 375">
<rect width="300" height="375" fill="${view === 'front' ? '#f3f1ec' : '#ebe8e1'}"/>
<ellipse cx="150" cy="358" rx="110" ry="8" fill="#000" opacity="0.08"/>
<path d="${shape.body}" fill="${hex}" stroke="${darker(hex, 0.2)}" stroke-width="2"/>
${trim ? `<path d="${trim}" fill="${darker(hex)}"/>` : ''}${watchFace}
</svg>`
}
