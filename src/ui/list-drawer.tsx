import { type ReactNode, useEffect, useRef } from 'react'
import { figure, t, taka } from '../i18n'
import { xsImage } from '../lib/media'
import { SideDrawer } from './side-drawer'

type ListDrawerProps = {
  open: boolean
  onClose: () => void
  /** the drawer's name, e.g. "Shopping Cart" */
  title: string
  /** id of the title, unique on the page */
  titleId: string
  className: string
  /** the lines shown */
  shown: number
  /** the items counted for closing: the lines shown, or the stored items while they cannot show */
  count: number
  loading: boolean
  /** the sentence shown when the products could not be loaded */
  errorText: string | false
  /** shown when there is no line, e.g. "Empty Cart" */
  emptyText: string
  /** names the list of lines for screen readers */
  listLabel: string
  /** above the list, e.g. a notice of changed prices */
  notice?: ReactNode
  /** the lines (`DrawerLine`s) */
  children: ReactNode
  /** under the lines, only when there are some */
  footer?: ReactNode
}

/**
 * The cart's and the wish list's drawer (storefront §2): a titled side drawer with its count, a close
 * button, and its lines, or a loading, error or empty state. Removing the last line shown closes it.
 */
export function ListDrawer(props: ListDrawerProps) {
  const { open, onClose, title, titleId, className, shown, count, loading, errorText } = props
  useCloseWhenEmptied(count, open, onClose)
  return (
    <SideDrawer open={open} onClose={onClose} labelledBy={titleId} className={className}>
      <header className="side-drawer__header">
        <h2 id={titleId} className="side-drawer__title">
          {title} <span className="side-drawer__count">({figure(shown)})</span>
        </h2>
        <button type="button" className="side-drawer__close" onClick={onClose}>
          {t('cart.close')}
        </button>
      </header>
      <div className="side-drawer__content">
        {loading ? (
          <p className="side-drawer__status" role="status">
            {t('cart.drawer-loading')}
          </p>
        ) : errorText ? (
          <p className="side-drawer__status" role="alert">
            {errorText}
          </p>
        ) : shown === 0 ? (
          <p className="side-drawer__empty">{props.emptyText}</p>
        ) : (
          <>
            {props.notice}
            <ul className="drawer-lines" aria-label={props.listLabel}>
              {props.children}
            </ul>
          </>
        )}
      </div>
      {shown > 0 && props.footer && <footer className="side-drawer__footer">{props.footer}</footer>}
    </SideDrawer>
  )
}

/** storefront §4: removing the last item closes the drawer; the items counted are the lines shown. */
export function useCloseWhenEmptied(count: number, open: boolean, close: () => void) {
  const previous = useRef(count)
  const isOpen = useRef(open)
  isOpen.current = open
  useEffect(() => {
    if (previous.current > 0 && count === 0 && isOpen.current) close()
    previous.current = count
  }, [count, close])
}

type DrawerLineProps = {
  title: string
  /** catalogue path of the line's image */
  image: string
  unitPrice: number
  unitDiscountedPrice: number
  /** under the title, e.g. the size */
  meta?: ReactNode
  /** under the prices: flags, the quantity stepper or actions */
  children?: ReactNode
  onRemove: () => void
  removeLabel: string
}

/** One line of a drawer: image, title, the unit price (struck through when discounted) and a remove button. */
export function DrawerLine({
  title,
  image,
  unitPrice,
  unitDiscountedPrice,
  meta,
  children,
  ...remove
}: DrawerLineProps) {
  return (
    <li className="drawer-line">
      <img className="drawer-line__image" src={xsImage(image)} alt="" width={64} height={64} loading="lazy" />
      <div className="drawer-line__body">
        <p className="drawer-line__title">{title}</p>
        {meta}
        <p className="drawer-line__prices">
          {unitDiscountedPrice < unitPrice && (
            <s className="drawer-line__price">
              <span className="visually-hidden">{t('cart.unit-price')} </span>
              {taka(unitPrice)}
            </s>
          )}
          <span className="drawer-line__discounted">{taka(unitDiscountedPrice)}</span>
        </p>
        {children}
      </div>
      <button
        type="button"
        className="drawer-line__remove"
        onClick={remove.onRemove}
        aria-label={remove.removeLabel}
      >
        ×
      </button>
    </li>
  )
}
