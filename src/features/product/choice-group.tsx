import { useId } from 'react'
import { t } from '../../i18n'
import type { ChoiceOption } from './sku-choice'
import './quick-view.css'

type Props = {
  legend: string
  options: ChoiceOption[]
  selected: string | null
  onChoose: (value: string) => void
}

/** A radio group of one sku attribute: combinations that do not exist are disabled, empty stock is marked. */
export function ChoiceGroup({ legend, options, selected, onChoose }: Props) {
  const name = useId()
  if (options.length === 0) return null
  return (
    <fieldset className="choice-group">
      <legend className="choice-group__legend">{legend}</legend>
      <div className="choice-group__options">
        {options.map((option) => (
          <label
            key={option.value}
            className={`choice${option.inStock ? '' : ' is-out'}${option.available ? '' : ' is-unavailable'}`}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={selected === option.value}
              disabled={!option.available}
              onChange={() => onChoose(option.value)}
            />
            <span className="choice__text">
              {option.label}
              {option.available && !option.inStock && (
                <span className="choice__note"> {t('product.choice-out-of-stock')}</span>
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
