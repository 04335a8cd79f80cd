import type { ImportError, ImportWarning } from '../../contract/admin-import'
import { figure, t } from '../../i18n'

/**
 * The rows an import refused, or the photos it left out: each by its row of the file, its SKU and column
 * (and a photo's address), and why. A box of its own that scrolls.
 */
export function FindingsTable({
  label,
  findings,
}: {
  label: string
  findings: readonly (ImportError | ImportWarning)[]
}) {
  const photos = findings.some((finding) => 'address' in finding)
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard
    <section className="import-errors" aria-label={label} tabIndex={0}>
      <table>
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin-import.column-row')}</th>
            <th scope="col">{t('admin-import.column-sku')}</th>
            <th scope="col">{t('admin-import.column-field')}</th>
            {photos && <th scope="col">{t('admin-import.column-address')}</th>}
            <th scope="col">{t('admin-import.column-message')}</th>
          </tr>
        </thead>
        <tbody>
          {findings.map((finding) => {
            const address = 'address' in finding ? finding.address : ''
            return (
              <tr key={`${finding.row}-${finding.field}-${address}-${finding.message}`}>
                <td>{figure(finding.row)}</td>
                <td>{finding.sku}</td>
                <td>{finding.field}</td>
                {photos && <td className="import-errors__address">{address}</td>}
                <td>{finding.message}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}
