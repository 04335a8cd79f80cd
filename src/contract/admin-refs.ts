import { z } from 'zod/mini'

/**
 * `GET /api/v1/admin/catalogue-refs` (any staff role): every category, brand and campaign with its id,
 * slug and names, for the back office's pickers and filters. Categories in menu order (a parent before its
 * children), brands by name, campaigns newest first.
 */
const named = { id: z.int(), slug: z.string(), name: z.string(), nameBn: z.string() }

export const adminRefsAnswer = z.object({
  data: z.object({
    categories: z.array(z.object({ ...named, parentId: z.nullable(z.int()), position: z.int() })),
    brands: z.array(z.object(named)),
    campaigns: z.array(z.object({ ...named, startsAt: z.string(), endsAt: z.string() })),
    /** the VAT a new product starts with (the shop's settings, which only owners open) */
    defaultVatPercent: z.number(),
  }),
})
export type AdminRefs = z.infer<typeof adminRefsAnswer>['data']
