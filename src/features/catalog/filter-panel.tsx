import { type FormEvent, useId } from 'react'
import { type FacetCount, type ListingFacets, type ListingSort, sortOptions } from '../../contract/product'
import { decodeList, lastCategory } from '../../lib/query-string'
import type { ListingScope, ListingSearch } from './listing-search'

export const sortLabels: Record<ListingSort, string> = {
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  best_selling: 'Best selling',
  top_rated: 'Top rated',
}

type FilterPanelProps = {
  facets: ListingFacets
  search: ListingSearch
  scope: ListingScope
  /** sets one filter; an empty value removes it */
  onFilter: (key: keyof ListingSearch, value: string | string[] | number | boolean | undefined) => void
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

export function FilterPanel({ facets, search, scope, onFilter, onClear }: FilterPanelProps) {
  const id = useId()
  const category = lastCategory(search.category) ?? scope.category
  const submitPrice = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const min = String(data.get('minPrice') ?? '').trim()
    const max = String(data.get('maxPrice') ?? '').trim()
    onFilter('minPrice', min === '' ? undefined : Number(min))
    onFilter('maxPrice', max === '' ? undefined : Number(max))
  }
  return (
    <div className="filter-panel">
      <div className="facet">
        <label htmlFor={`${id}-sort`} className="facet__title">
          Sort by
        </label>
        <select
          id={`${id}-sort`}
          value={search.sort ?? ''}
          onChange={(event) => onFilter('sort', event.target.value)}
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
                    onChange={() => onFilter('category', facet.value)}
                  />
                  <span>{facet.label}</span> <span className="facet__count">({facet.count})</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {!scope.brand && (
        <FacetGroup
          legend="Brand"
          facets={facets.brands}
          selected={decodeList(search.brand)}
          onChange={(values) => onFilter('brand', values)}
        />
      )}
      <FacetGroup
        legend="Size"
        facets={facets.sizes}
        selected={decodeList(search.size)}
        onChange={(values) => onFilter('size', values)}
      />
      <FacetGroup
        legend="Colour"
        facets={facets.colours}
        selected={decodeList(search.colour)}
        onChange={(values) => onFilter('colour', values)}
      />
      <form
        className="facet facet--price"
        onSubmit={submitPrice}
        key={`${search.minPrice}-${search.maxPrice}`}
      >
        <fieldset>
          <legend>Price (TK)</legend>
          <label className="facet__option">
            <span className="visually-hidden">Minimum price</span>
            <input
              name="minPrice"
              type="number"
              min={0}
              inputMode="numeric"
              placeholder={String(Math.floor(facets.price.min))}
              defaultValue={search.minPrice}
            />
          </label>
          <span aria-hidden="true">–</span>
          <label className="facet__option">
            <span className="visually-hidden">Maximum price</span>
            <input
              name="maxPrice"
              type="number"
              min={0}
              inputMode="numeric"
              placeholder={String(Math.ceil(facets.price.max))}
              defaultValue={search.maxPrice}
            />
          </label>
          <button type="submit" className="button button--small">
            Apply
          </button>
        </fieldset>
      </form>
      <div className="facet">
        <label className="facet__option">
          <input
            type="checkbox"
            checked={search.inStock === true}
            onChange={(event) => onFilter('inStock', event.target.checked)}
          />{' '}
          In stock only
        </label>
        <label className="facet__option">
          <input
            type="checkbox"
            checked={search.discount === true}
            onChange={(event) => onFilter('discount', event.target.checked)}
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
