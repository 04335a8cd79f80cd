import { z } from 'zod'

// The contract's schemas (zod/mini) carry no messages of their own: everything the server checks with
// them answers in English. Imported for this effect by whatever parses with the contract.
z.config(z.locales.en())
