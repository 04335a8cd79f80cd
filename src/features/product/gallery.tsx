import { useRef, useState } from 'react'
import { figure, t } from '../../i18n'
import { MEDIA_HEIGHTS, MEDIA_WIDTHS, mediaUrl } from '../../lib/media'
import { ImageThumbs } from './image-thumbs'

type Props = { images: string[]; name: string }

/**
 * Product images: a swipeable strip on phones (scroll snap), the chosen image with `xs`
 * thumbnails on larger screens; tapping an image zooms into the point under the pointer.
 */
export function Gallery({ images, name }: Props) {
  const [current, setCurrent] = useState(0)
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null)
  const track = useRef<HTMLDivElement>(null)

  const show = (index: number) => {
    setCurrent(index)
    setZoom(null)
    const slide = track.current?.children[index] as HTMLElement | undefined
    track.current?.scrollTo({ left: slide?.offsetLeft ?? 0, behavior: 'smooth' })
  }

  const onScroll = () => {
    const element = track.current
    if (!element || element.clientWidth === 0) return
    const index = Math.round(element.scrollLeft / element.clientWidth)
    if (index !== current) {
      setCurrent(index)
      setZoom(null)
    }
  }

  if (images.length === 0) return <div className="gallery gallery--empty" aria-hidden="true" />
  return (
    <div className="gallery">
      <div className="gallery__track" ref={track} onScroll={onScroll}>
        {images.map((image, index) => (
          <button
            key={image}
            type="button"
            className={`gallery__slide${zoom && index === current ? ' is-zoomed' : ''}`}
            aria-label={
              zoom && index === current
                ? t('product.zoom-out')
                : t('product.zoom-image', { index: figure(index + 1), count: figure(images.length) })
            }
            onClick={(event) => {
              if (zoom) return setZoom(null)
              const box = event.currentTarget.getBoundingClientRect()
              setCurrent(index)
              setZoom({
                x: ((event.clientX - box.left) / box.width) * 100 || 50,
                y: ((event.clientY - box.top) / box.height) * 100 || 50,
              })
            }}
            onMouseMove={(event) => {
              if (!zoom) return
              const box = event.currentTarget.getBoundingClientRect()
              setZoom({
                x: ((event.clientX - box.left) / box.width) * 100,
                y: ((event.clientY - box.top) / box.height) * 100,
              })
            }}
          >
            <img
              src={mediaUrl(image)}
              alt={index === 0 ? name : t('product.image-alt', { name, index: figure(index + 1) })}
              width={MEDIA_WIDTHS.full}
              height={MEDIA_HEIGHTS.full}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              decoding={index === 0 ? 'sync' : 'async'}
              style={zoom && index === current ? { transformOrigin: `${zoom.x}% ${zoom.y}%` } : undefined}
            />
          </button>
        ))}
      </div>
      <ImageThumbs images={images} current={current} onShow={show} />
    </div>
  )
}
