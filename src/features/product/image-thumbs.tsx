import { figure, t } from '../../i18n'
import { mediaUrl } from '../../lib/media'
import './image-thumbs.css'

type ImageThumbsProps = {
  images: readonly string[]
  /** index of the image shown */
  current: number
  onShow: (index: number) => void
}

/** The `xs` thumbnails under a product image, the product page's and the quick view's; one per image. */
export function ImageThumbs({ images, current, onShow }: ImageThumbsProps) {
  if (images.length < 2) return null
  return (
    <ul className="image-thumbs" aria-label={t('product.choose-image')}>
      {images.map((image, index) => (
        <li key={image}>
          <button
            type="button"
            className="image-thumbs__button"
            aria-label={t('product.show-image', { index: figure(index + 1), count: figure(images.length) })}
            aria-current={index === current}
            onClick={() => onShow(index)}
          >
            <img src={mediaUrl(image, 'xs')} alt="" width={64} height={80} loading="lazy" />
          </button>
        </li>
      ))}
    </ul>
  )
}
