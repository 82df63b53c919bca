/** A Medusa product id (`prod_` and a 26-character ULID): the only ids the product routes accept. */
export const PRODUCT_ID_PATTERN = /^prod_[0-9A-Z]{26}$/
