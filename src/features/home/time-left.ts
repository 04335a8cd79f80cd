export type TimeLeft = { days: number; hours: number; minutes: number; seconds: number }

/** Whole days, hours, minutes and seconds until `end`; all zero once it has passed. */
export function timeLeft(end: number, now: number): TimeLeft {
  let rest = Math.max(0, Math.floor((end - now) / 1000))
  const days = Math.floor(rest / 86_400)
  rest -= days * 86_400
  const hours = Math.floor(rest / 3600)
  rest -= hours * 3600
  const minutes = Math.floor(rest / 60)
  return { days, hours, minutes, seconds: rest - minutes * 60 }
}
