import 'uplot/dist/uPlot.min.css'
import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import { figure, formatDate, useTextStyle } from '../../i18n'
import { dhakaDaySeconds } from '../../lib/dhaka-time'

const HEIGHT = 220

/**
 * Revenue per day as a line (uPlot, only ever in the back office's chunk). It is hidden from screen
 * readers: the page gives the same figures as a table. Colours come from the theme's variables and follow
 * the light/dark switch; the width follows the box.
 */
export function SalesChart({ days }: { days: readonly { day: string; revenue: number }[] }) {
  const box = useRef<HTMLDivElement>(null)
  const textStyle = useTextStyle()

  // biome-ignore lint/correctness/useExhaustiveDependencies: the language and its digits change the axes' labels
  useEffect(() => {
    const element = box.current
    if (!element) return
    const data: uPlot.AlignedData = [
      days.map((entry) => dhakaDaySeconds(entry.day)),
      days.map((entry) => entry.revenue),
    ]
    let chart: uPlot | null = null
    const draw = () => {
      chart?.destroy()
      const style = getComputedStyle(element)
      const colour = (name: string) => style.getPropertyValue(name).trim()
      const [text, grid, line] = [colour('--text-muted'), colour('--border'), colour('--brand')]
      const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } }
      chart = new uPlot(
        {
          width: Math.max(element.clientWidth, 200),
          height: HEIGHT,
          legend: { show: false },
          cursor: { drag: { x: false, y: false } },
          tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Asia/Dhaka'),
          scales: { y: { range: (_chart, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
          series: [
            {},
            {
              stroke: line,
              width: 2,
              // the brand colour, faint (#rrggbb + alpha); a colour written otherwise fills nothing
              fill: /^#[0-9a-f]{6}$/i.test(line) ? `${line}2e` : undefined,
              points: { show: days.length <= 31 },
            },
          ],
          axes: [
            {
              ...axis,
              values: (_chart, splits) =>
                splits.map((seconds) =>
                  formatDate(new Date(seconds * 1000), { day: 'numeric', month: 'short' }),
                ),
            },
            {
              ...axis,
              size: 64,
              values: (_chart, splits) => splits.map((value) => figure(Math.round(value))),
            },
          ],
        },
        data,
        element,
      )
    }
    draw()
    const resize = new ResizeObserver(() =>
      chart?.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }),
    )
    resize.observe(element)
    const theme = new MutationObserver(draw)
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
    return () => {
      resize.disconnect()
      theme.disconnect()
      chart?.destroy()
    }
  }, [days, textStyle])

  return <div ref={box} className="sales-chart" aria-hidden="true" />
}
