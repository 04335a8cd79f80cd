import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { listingResponse, type ProductSummary } from '../../contract/product'
import { apiGet, apiV2, DEADLINES, isUnreachable } from '../../lib/api'
import { searchCachedProducts } from '../../lib/cached-products'
import { SEARCH_DROPDOWN_SIZE, searchDelay } from './search-rule'

export type Suggestions =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; products: ProductSummary[] }
  | { status: 'error' }

/** Search-as-you-type: debounced, and every change cancels the request before it. */
export function useSearchSuggestions(text: string): Suggestions {
  const [state, setState] = useState<Suggestions>({ status: 'idle' })
  const queryClient = useQueryClient()

  useEffect(() => {
    const delay = searchDelay(text)
    if (delay === null) {
      setState({ status: 'idle' })
      return
    }
    const controller = new AbortController()
    setState({ status: 'loading' })
    const timer = setTimeout(async () => {
      try {
        const response = await apiGet('/product/storefront', listingResponse, {
          client: apiV2,
          signal: controller.signal,
          deadline: DEADLINES.typing,
          query: { currentPage: 1, perPage: SEARCH_DROPDOWN_SIZE, search: text.trim() },
        })
        if (!controller.signal.aborted) {
          setState({ status: 'done', products: response.data.slice(0, SEARCH_DROPDOWN_SIZE) })
        }
      } catch (error) {
        if (controller.signal.aborted) return
        // offline, or nothing back in time: suggest from the products this device has already seen
        if (isUnreachable(error)) {
          setState({
            status: 'done',
            products: searchCachedProducts(queryClient, text, SEARCH_DROPDOWN_SIZE),
          })
        } else setState({ status: 'error' })
      }
    }, delay)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [text, queryClient])

  return state
}
