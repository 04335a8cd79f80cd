import type { Db } from '../db/client'
import { smsOutbox } from '../db/schema'
import type { SmsProvider } from './provider'

/**
 * No gateway: each message is printed on the server's console, so a person trying the demo reads their
 * one-time code there. With `keepInOutbox` (tests, `npm run dev`) it is also stored for the dev outbox route.
 */
export function consoleProvider(options: {
  db: Db
  now: () => Date
  keepInOutbox: boolean
  print?: (line: string) => void
}): SmsProvider {
  const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`))
  return {
    name: 'console',
    async send(phone, text) {
      if (options.keepInOutbox) {
        await options.db.insert(smsOutbox).values({ phone, body: text, createdAt: options.now() })
      }
      print(`[sms to ${phone}] ${text}`)
    },
  }
}
