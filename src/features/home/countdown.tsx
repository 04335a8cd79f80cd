import { useEffect, useState } from 'react'
import { figure, msg, t } from '../../i18n'
import { type TimeLeft, timeLeft } from './time-left'

const pad = (value: number) => figure(String(value).padStart(2, '0'))

const LABELS = [
  msg('catalog.countdown-days'),
  msg('catalog.countdown-hours'),
  msg('catalog.countdown-minutes'),
  msg('catalog.countdown-seconds'),
] as const
const NONE: TimeLeft = { days: 0, hours: 0, minutes: 0, seconds: 0 }

/**
 * Time left until `endsAt`. Until that is known, the same parts stand there invisibly at zero, so the
 * grid below never moves when the end arrives.
 */
export function Countdown({ endsAt }: { endsAt: string | undefined }) {
  const end = endsAt === undefined ? undefined : Date.parse(endsAt)
  const [now, setNow] = useState(() => Date.now())
  const running = end !== undefined
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [running])
  if (Number.isNaN(end)) return null
  const left = end === undefined ? NONE : timeLeft(end, now)
  const values = [left.days, left.hours, left.minutes, left.seconds]
  return (
    <div
      className={running ? 'countdown' : 'countdown countdown--pending'}
      aria-hidden={running ? undefined : true}
    >
      {running && (
        <span className="visually-hidden">
          {t('catalog.countdown-ends', {
            days: figure(left.days),
            hours: figure(left.hours),
            minutes: figure(left.minutes),
          })}
        </span>
      )}
      {LABELS.map((label, index) => (
        <span key={label} className="countdown__part" aria-hidden="true">
          <strong>{pad(values[index] as number)}</strong>
          <small>{t(label)}</small>
        </span>
      ))}
    </div>
  )
}
