// Public face of the product page.

export { MyReviewsPage } from './my-reviews-page'
export { productDetailsQuery, productPageKeys, relatedProductsQuery, reviewsQuery } from './product-api'
export { ProductPage } from './product-page'
