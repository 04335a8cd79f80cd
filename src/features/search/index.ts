export { SearchOverlay } from './lazy-overlay'
export { SearchBox } from './search-box'
export { isSearchable, SEARCH_DEBOUNCE_MS, SEARCH_DROPDOWN_SIZE, searchDelay } from './search-rule'
