import { type FormEvent, useId } from 'react'
import {
  type FacetCount,
  type ListingFacets,
  type ListingFilters,
  type ListingSort,
  sortOptions,
} from '../../contract/product'
import { parseAmount } from '../../lib/money'
import type { FilterValue } from '../../lib/query-string'
import type { ListingScope, ListingSearch } from './listing-search'

export const sortLabels: Record<ListingSort, string> = {
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  best_selling: 'Best selling',
  top_rated: 'Top rated',
}

/** The facets shoppers tick several values of; the brand one is left out on a brand's own listing. */
const listFacets = [
  { key: 'brand', legend: 'Brand', facets: 'brands' },
  { key: 'size', legend: 'Size', facets: 'sizes' },
  { key: 'colour', legend: 'Colour', facets: 'colours' },
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
                <span>{facet.label}</span> <span className="facet__count">({facet.count})</span>
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
          Sort by
        </label>
        <select
          id={`${id}-sort`}
          value={filters.sort ?? ''}
          onChange={(event) => onFilter({ sort: event.target.value })}
        >
          <option value="">Relevance</option>
          {sortOptions.map((sort) => (
            <option key={sort} value={sort}>
              {sortLabels[sort]}
            </option>
          ))}
        </select>
      </div>
      {facets.categories.length > 0 && (
        <fieldset className="facet">
          <legend>Category</legend>
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
                  <span>{facet.label}</span> <span className="facet__count">({facet.count})</span>
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
            legend={group.legend}
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
          <legend>Price (TK)</legend>
          <PriceBound
            name="minPrice"
            label="Minimum price"
            hint={Math.floor(facets.price.min)}
            value={filters.minPrice}
          />
          <span aria-hidden="true">–</span>
          <PriceBound
            name="maxPrice"
            label="Maximum price"
            hint={Math.ceil(facets.price.max)}
            value={filters.maxPrice}
          />
          <button type="submit" className="button button--small">
            Apply
          </button>
        </fieldset>
      </form>
      <div className="facet">
        <label className="facet__option">
          <input
            type="checkbox"
            checked={filters.inStock === true}
            onChange={(event) => onFilter({ inStock: event.target.checked })}
          />{' '}
          In stock only
        </label>
        <label className="facet__option">
          <input
            type="checkbox"
            checked={filters.discount === true}
            onChange={(event) => onFilter({ discount: event.target.checked })}
          />{' '}
          Discounted only
        </label>
      </div>
      <button type="button" className="button button--ghost" onClick={onClear}>
        Clear filters
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
        placeholder={String(hint)}
        defaultValue={value}
      />
    </label>
  )
}
