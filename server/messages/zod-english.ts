import { z } from 'zod'

// The contract's schemas (zod/mini) carry no messages of their own: everything the server checks with
// them answers in English. Imported for this effect by whatever parses with the contract. Bangla answers
// translate these English texts (server/messages/messages-bn.ts): zod's locale is one global setting, so it
// cannot follow each request's language, and its `bn` locale leaves type names in English.
z.config(z.locales.en())
