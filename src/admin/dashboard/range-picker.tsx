import { Link, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { type DashboardRange, REPORT_MAX_DAYS } from '../../contract/admin-reports'
import { dayBounds } from '../../contract/days'
import { figure, type MessageKey, msg, t } from '../../i18n'
import { Field } from '../../ui/field'
import { adminLink, withSearch } from '../links'
import { type DashboardView, dashboardSearch, rangeProblem } from './dashboard-search'

const presets: { range: Exclude<DashboardRange, 'custom'>; label: MessageKey }[] = [
  { range: 'today', label: msg('admin-reports.range-today') },
  { range: '7d', label: msg('admin-reports.range-7d') },
  { range: '30d', label: msg('admin-reports.range-30d') },
]

/** What a range's two dates are told when they cannot be counted over. */
export function rangeProblemText(from: string, to: string): string | null {
  const problem = rangeProblem(from || undefined, to || undefined)
  if (problem === 'missing') return t('admin-reports.problem-missing')
  if (problem === 'order') return t('admin-reports.problem-order')
  if (problem === 'long') return t('admin-reports.problem-long', { count: figure(REPORT_MAX_DAYS) })
  return null
}

/**
 * Two dates and a button: the range of a custom dashboard or of the report. Its problems are shown beside
 * the dates before anything is asked of the server.
 */
export function DatesForm({
  from,
  to,
  label,
  onChoose,
}: {
  from: string
  to: string
  label: string
  onChoose: (from: string, to: string) => void
}) {
  const [problem, setProblem] = useState<string | null>(null)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const [chosenFrom, chosenTo] = [String(form.get('from') ?? ''), String(form.get('to') ?? '')]
    const found = rangeProblemText(chosenFrom, chosenTo)
    setProblem(found)
    if (!found) onChoose(chosenFrom, chosenTo)
  }
  return (
    <form key={`${from}-${to}`} className="dashboard-dates" aria-label={label} onSubmit={submit} noValidate>
      <Field
        label={t('admin-reports.from')}
        name="from"
        type="date"
        {...dayBounds}
        defaultValue={from}
        required
      />
      <Field
        label={t('admin-reports.to')}
        name="to"
        type="date"
        {...dayBounds}
        defaultValue={to}
        error={problem}
        required
      />
      <button type="submit" className="button button--ghost">
        {t('admin-reports.show')}
      </button>
    </form>
  )
}

/** Today, 7 days, 30 days (links: the range is in the address), or two dates of one's own. */
export function RangePicker({ view, shown }: { view: DashboardView; shown?: { from: string; to: string } }) {
  const navigate = useNavigate()
  const choose = (from: string, to: string) =>
    void navigate({ href: withSearch('/admin', dashboardSearch({ range: 'custom', from, to })) })
  return (
    <div className="dashboard-range">
      <nav aria-label={t('admin-reports.range')}>
        <ul className="dashboard-range__presets">
          {presets.map((preset) => (
            <li key={preset.range}>
              <Link
                {...adminLink('')}
                search={{ range: preset.range }}
                className="dashboard-range__preset"
                aria-current={view.range === preset.range ? 'page' : undefined}
              >
                {t(preset.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <DatesForm
        from={view.from ?? shown?.from ?? ''}
        to={view.to ?? shown?.to ?? ''}
        label={t('admin-reports.range-custom')}
        onChoose={choose}
      />
    </div>
  )
}
