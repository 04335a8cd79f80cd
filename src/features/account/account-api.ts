import { queryOptions } from '@tanstack/react-query'
import { messageAnswer, type ProfileBody, userAnswer } from '../../contract/auth'
import { rewardPointsResponse } from '../../contract/orders'
import { apiGet, apiSend } from '../../lib/api'
import { orderKeys } from '../../state/orders'

/** The shopper's own profile and password (storefront §7). */
export const accountApi = {
  updateProfile: (body: ProfileBody) => apiSend('patch', '/user/customer/profile', body, userAnswer),
  changePassword: (body: { currentPassword: string; password: string }) =>
    apiSend('patch', '/user/customer/profile/password', body, messageAnswer),
}

/** Reward points earned by delivered orders. */
export const rewardPointsQuery = queryOptions({
  queryKey: orderKeys.rewardPoints(),
  queryFn: async ({ signal }) => (await apiGet('/user/reward-points', rewardPointsResponse, { signal })).data,
})
