/** Brand text used in copy such as the home hero; the navigation shows only the tagline. */
export const BRAND_NAME = "DARKEDGE"

export const TAGLINE = "Build Your Fit"
