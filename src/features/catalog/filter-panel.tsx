import { type FormEvent, useId } from 'react'
import {
  type FacetCount,
  type ListingFacets,
  type ListingFilters,
  type ListingSort,
  newWithinDays,
  sortOptions,
} from '../../contract/product'
import { figure, type MessageKey, msg, t } from '../../i18n'
import { parseAmount } from '../../lib/money'
import type { FilterValue } from '../../lib/query-string'
import type { ListingScope, ListingSearch } from './listing-search'

export const sortLabels: Record<ListingSort, MessageKey> = {
  newest: msg('catalog.sort-newest'),
  price_asc: msg('catalog.sort-price-asc'),
  price_desc: msg('catalog.sort-price-desc'),
  best_selling: msg('catalog.sort-best-selling'),
  top_rated: msg('catalog.sort-top-rated'),
}

/** The facets shoppers tick several values of; the brand one is left out on a brand's own listing. */
const listFacets = [
  { key: 'brand', legend: msg('catalog.brand'), facets: 'brands' },
  { key: 'size', legend: msg('catalog.size'), facets: 'sizes' },
  { key: 'colour', legend: msg('catalog.colour'), facets: 'colours' },
] as const

type FilterPanelProps = {
  facets: ListingFacets
  /** the filters in force, as the listing asks the API for them (decoded from the URL once, by the page) */
  filters: ListingFilters
  scope: ListingScope
  /** sets the filters given, all in one change; an empty value removes its filter */
  onFilter: (filters: { [K in keyof ListingSearch]?: FilterValue }) => void
  onClear: () => void
}

function FacetGroup({
  legend,
  facets,
  selected,
  onChange,
}: {
  legend: string
  facets: FacetCount[]
  selected: string[]
  onChange: (values: string[]) => void
}) {
  if (!facets.length) return null
  return (
    <fieldset className="facet">
      <legend>{legend}</legend>
      <ul>
        {facets.map((facet) => {
          const checked = selected.includes(facet.value)
          return (
            <li key={facet.value}>
              <label className="facet__option">
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={() =>
                    onChange(
                      checked
                        ? selected.filter((value) => value !== facet.value)
                        : [...selected, facet.value],
                    )
                  }
                />
                <span>{facet.label}</span> <span className="facet__count">({figure(facet.count)})</span>
              </label>
            </li>
          )
        })}
      </ul>
    </fieldset>
  )
}

export function FilterPanel({ facets, filters, scope, onFilter, onClear }: FilterPanelProps) {
  const id = useId()
  const category = filters.category
  const submitPrice = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    // typed in Latin or Bengali digits; what is not an amount leaves that end open
    onFilter({
      minPrice: parseAmount(String(data.get('minPrice') ?? '')),
      maxPrice: parseAmount(String(data.get('maxPrice') ?? '')),
    })
  }
  return (
    <div className="filter-panel">
      <div className="facet">
        <label htmlFor={`${id}-sort`} className="facet__title">
          {t('catalog.sort-by')}
        </label>
        <select
          id={`${id}-sort`}
          value={filters.sort ?? ''}
          onChange={(event) => onFilter({ sort: event.target.value })}
        >
          <option value="">{t('catalog.sort-relevance')}</option>
          {sortOptions.map((sort) => (
            <option key={sort} value={sort}>
              {t(sortLabels[sort])}
            </option>
          ))}
        </select>
      </div>
      {facets.categories.length > 0 && (
        <fieldset className="facet">
          <legend>{t('catalog.category')}</legend>
          <ul>
            {facets.categories.map((facet) => (
              <li key={facet.value}>
                <label className="facet__option">
                  <input
                    type="radio"
                    name={`${id}-category`}
                    checked={category === facet.value}
                    onChange={() => onFilter({ category: facet.value })}
                  />
                  <span>{facet.label}</span> <span className="facet__count">({figure(facet.count)})</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {listFacets
        .filter((group) => !(group.key === 'brand' && scope.brand))
        .map((group) => (
          <FacetGroup
            key={group.key}
            legend={t(group.legend)}
            facets={facets[group.facets]}
            selected={filters[group.key] ?? []}
            onChange={(values) => onFilter({ [group.key]: values })}
          />
        ))}
      <form
        className="facet facet--price"
        onSubmit={submitPrice}
        key={`${filters.minPrice}-${filters.maxPrice}`}
      >
        <fieldset>
          <legend>{t('catalog.price')}</legend>
          <PriceBound
            name="minPrice"
            label={t('catalog.min-price')}
            hint={Math.floor(facets.price.min)}
            value={filters.minPrice}
          />
          <span aria-hidden="true">–</span>
          <PriceBound
            name="maxPrice"
            label={t('catalog.max-price')}
            hint={Math.ceil(facets.price.max)}
            value={filters.maxPrice}
          />
          <button type="submit" className="button button--small">
            {t('catalog.apply')}
          </button>
        </fieldset>
      </form>
      <fieldset className="facet">
        <legend>{t('catalog.new-arrivals')}</legend>
        <ul>
          {[undefined, ...newWithinDays].map((days) => (
            <li key={days ?? 'any'}>
              <label className="facet__option">
                <input
                  type="radio"
                  name={`${id}-new`}
                  checked={filters.new === days}
                  onChange={() => onFilter({ new: days })}
                />
                <span>{days ? t('catalog.new-within', { days }) : t('catalog.new-any-time')}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="facet">
        <label className="facet__option">
          <input
            type="checkbox"
            checked={filters.inStock === true}
            onChange={(event) => onFilter({ inStock: event.target.checked })}
          />{' '}
          {t('catalog.in-stock-only')}
        </label>
        <label className="facet__option">
          <input
            type="checkbox"
            checked={filters.discount === true}
            onChange={(event) => onFilter({ discount: event.target.checked })}
          />{' '}
          {t('catalog.discounted-only')}
        </label>
      </div>
      <button type="button" className="button button--ghost" onClick={onClear}>
        {t('catalog.clear-filters')}
      </button>
    </div>
  )
}

type PriceBoundProps = {
  name: 'minPrice' | 'maxPrice'
  label: string
  hint: number
  value: number | undefined
}

/** One end of the price range: the listing's own bound as the placeholder. */
function PriceBound({ name, label, hint, value }: PriceBoundProps) {
  return (
    <label className="facet__option">
      <span className="visually-hidden">{label}</span>
      <input
        name={name}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder={figure(hint)}
        defaultValue={value}
      />
    </label>
  )
}
