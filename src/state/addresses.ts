import { queryOptions } from '@tanstack/react-query'
import { addressesResponse, locationsResponse } from '../contract/addresses'
import { apiGet } from '../lib/api'

export const addressKeys = {
  all: ['addresses'] as const,
  list: () => [...addressKeys.all, 'list'] as const,
}

/** The shopper's saved addresses (private: never persisted). */
export const addressesQuery = queryOptions({
  queryKey: addressKeys.list(),
  queryFn: async ({ signal }) => (await apiGet('/user/addresses', addressesResponse, { signal })).data,
})

/** Divisions → districts → areas with their delivery zones and charges. */
export const locationsQuery = queryOptions({
  queryKey: ['locations'] as const,
  queryFn: async ({ signal }) => (await apiGet('/locations', locationsResponse, { signal })).data,
  staleTime: 24 * 60 * 60_000,
  meta: { persist: true },
})
