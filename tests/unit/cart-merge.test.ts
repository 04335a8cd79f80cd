import { describe, expect, it } from 'vitest'
import { mergeCarts } from '../../server/domain/cart-merge'

const stock = new Map([
  [1, 10],
  [2, 3],
  [3, 0],
])

describe('mergeCarts', () => {
  it.each([
    {
      name: 'adds quantities of the same sku',
      server: [{ skuId: 1, quantity: 2 }],
      local: [{ skuId: 1, quantity: 3 }],
      merged: [{ skuId: 1, quantity: 5 }],
    },
    {
      name: 'caps the sum at stock',
      server: [{ skuId: 2, quantity: 2 }],
      local: [{ skuId: 2, quantity: 2 }],
      merged: [{ skuId: 2, quantity: 3 }],
    },
    {
      name: 'keeps lines found in only one cart',
      server: [{ skuId: 1, quantity: 1 }],
      local: [{ skuId: 2, quantity: 1 }],
      merged: [
        { skuId: 1, quantity: 1 },
        { skuId: 2, quantity: 1 },
      ],
    },
    {
      name: 'drops skus the shop does not have',
      server: [],
      local: [{ skuId: 99, quantity: 1 }],
      merged: [],
    },
    {
      name: 'keeps an out-of-stock sku at 1',
      server: [],
      local: [{ skuId: 3, quantity: 4 }],
      merged: [{ skuId: 3, quantity: 1 }],
    },
    {
      name: 'an empty local cart changes nothing',
      server: [{ skuId: 1, quantity: 4 }],
      local: [],
      merged: [{ skuId: 1, quantity: 4 }],
    },
  ])('$name', ({ server, local, merged }) => {
    expect(mergeCarts(server, local, stock)).toEqual(merged)
  })
})
