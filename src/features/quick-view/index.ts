// Public face of the quick view: the modal for `ui.quickView` (a product slug).

export { ChoiceGroup } from './choice-group'
export { QuickViewModal } from './lazy-modal'
export { quickViewKeys, quickViewProductQuery } from './product-query'
export {
  type ChoiceOption,
  choiceOptions,
  choose,
  chosenSku,
  initialChoice,
  type SkuChoice,
} from './sku-choice'
