export { SearchBox } from './search-box'
export { SearchOverlay } from './search-overlay'
export { SearchPage } from './search-page'
export { isSearchable, SEARCH_DEBOUNCE_MS, SEARCH_DROPDOWN_SIZE, searchDelay } from './search-rule'
