import { useEffect, useState } from 'react'
import { timeLeft } from './time-left'

const pad = (value: number) => String(value).padStart(2, '0')

export function Countdown({ endsAt }: { endsAt: string }) {
  const end = Date.parse(endsAt)
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  if (Number.isNaN(end)) return null
  const left = timeLeft(end, now)
  const parts = [
    ['Days', left.days],
    ['Hours', left.hours],
    ['Minutes', left.minutes],
    ['Seconds', left.seconds],
  ] as const
  return (
    <div className="countdown">
      <span className="visually-hidden">
        Ends in {left.days} days {left.hours} hours {left.minutes} minutes
      </span>
      {parts.map(([label, value]) => (
        <span key={label} className="countdown__part" aria-hidden="true">
          <strong>{pad(value)}</strong>
          <small>{label}</small>
        </span>
      ))}
    </div>
  )
}
