// Public face of the quick view: the modal for `ui.quickView` (a product slug).

export { ChoiceGroup } from './choice-group'
export { quickViewKeys, quickViewProductQuery } from './product-query'
export { QuickViewModal } from './quick-view-modal'
export {
  type ChoiceOption,
  choiceOptions,
  choose,
  chosenSku,
  initialChoice,
  type SkuChoice,
} from './sku-choice'
