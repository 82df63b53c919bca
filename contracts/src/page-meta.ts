import { CATEGORY_TYPES, GENDERS, STYLE_GROUPS, SUBCATEGORIES, type CategoryType, type Gender, type StyleGroup } from "./catalog-vocabulary.js"

/**
 * What a page tells search engines and link previews: its title, description and canonical address (a path on
 * the shop's own origin; none for a page that is not to be indexed, such as the 404 page). The BFF writes them into the HTML it sends; the storefront sets the same ones after a
 * client-side navigation, so both sides read them from here.
 */
export type PageMeta = {
  title: string
  description: string
  canonicalPath: string | null
  /** Kept out of search engines' indexes (a search that found nothing). */
  noindex?: boolean
}

/** What every title ends with: the tagline (the brand text is deliberately not printed, spec section 1). */
export const SITE_NAME = "Build Your Fit"

const DESCRIPTION_LENGTH = 160

/** The page's own words, then the shop's name; the home page is the name alone with what it sells. */
export const pageTitle = (words: string): string => `${words} | ${SITE_NAME}`

/** A description cut at a word near the length search engines show, never mid-word. */
export function shortDescription(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim()
  if (flat.length <= DESCRIPTION_LENGTH) return flat
  const cut = flat.slice(0, DESCRIPTION_LENGTH - 1)
  return `${cut.slice(0, cut.lastIndexOf(" ") > 80 ? cut.lastIndexOf(" ") : cut.length)}…`
}

export const homeMeta = (): PageMeta => ({
  title: `${SITE_NAME} | Streetwear for men and women`,
  description:
    "Streetwear for men and women: hoodies, oversized tees, cargos and jeans, delivered across India. Pay by UPI, card, netbanking or cash on delivery.",
  canonicalPath: "/",
})

/** The part of a /shop address that names a distinct page (`g`, `type`, `sub`, `wg`); filters and sort only narrow it. */
export type ShopSection = { gender: Gender; categoryType?: CategoryType; subcategory?: string; styleGroup?: StyleGroup }

const GENDER_WORDS: Record<Gender, string> = { MEN: "Men's", WOMEN: "Women's" }
const CATEGORY_WORDS: Record<CategoryType, string> = { UPPERS: "uppers", LOWERS: "lowers" }
const STYLE_GROUP_WORDS: Record<StyleGroup, string> = { WESTERN: "western wear", TRADITIONS: "traditional wear" }

/** One of `allowed`, whatever the case and spaces around it. */
const pick = <T extends string>(allowed: readonly T[], raw: string | null): T | undefined => {
  const value = raw?.trim().toUpperCase()
  return allowed.find((candidate) => candidate === value)
}

/**
 * The section a /shop address shows: men by default, type and sub for men only, wg for women only, a subcategory
 * only within its type (its spelling normalised); unknown values are dropped.
 */
export function shopSection(search: URLSearchParams): ShopSection {
  const gender = pick(GENDERS, search.get("g")) ?? "MEN"
  if (gender === "WOMEN") return { gender, styleGroup: pick(STYLE_GROUPS, search.get("wg")) }
  const categoryType = pick(CATEGORY_TYPES, search.get("type"))
  if (!categoryType) return { gender }
  const sub = search.get("sub")?.trim().toLowerCase()
  return { gender, categoryType, subcategory: SUBCATEGORIES[categoryType].find((name) => name.toLowerCase() === sub) }
}

/** A shop section's address: the shop page that lists it. */
export function shopPath({ gender, categoryType, subcategory, styleGroup }: ShopSection): string {
  const search = new URLSearchParams({ g: gender })
  if (categoryType) search.set("type", categoryType)
  if (subcategory) search.set("sub", subcategory)
  if (styleGroup) search.set("wg", styleGroup)
  return `/shop?${search.toString()}`
}

/** A shop section in words: "Men's hoodies", "Women's traditional wear". */
export function shopSectionWords({ gender, categoryType, subcategory, styleGroup }: ShopSection): string {
  const what = subcategory ?? (categoryType ? CATEGORY_WORDS[categoryType] : styleGroup ? STYLE_GROUP_WORDS[styleGroup] : "streetwear")
  return `${GENDER_WORDS[gender]} ${subcategory ? subcategory.toLowerCase() : what}`
}

export function shopMeta(section: ShopSection): PageMeta {
  const words = shopSectionWords(section)
  return {
    title: pageTitle(`Shop ${words}`),
    description: `${words} at ${SITE_NAME}, delivered across India. Pay by UPI, card, netbanking or cash on delivery; returns and size exchanges from your account.`,
    canonicalPath: shopPath(section),
  }
}

/** A product page's address: its canonical link, the sitemap's entry and the JSON-LD offer's url. */
export const productPath = (id: string): string => `/product/${encodeURIComponent(id)}`

/** A product page: its title, colour and price in rupees (basePrice in paise), and the start of its description. */
export function productMeta(product: { id: string; title: string; basePrice: number; colorName?: string | null; description: string }): PageMeta {
  const rupees = (product.basePrice / 100).toLocaleString("en-IN", { maximumFractionDigits: 2 })
  return {
    title: pageTitle(product.title),
    description: shortDescription(`${product.title} for ₹${rupees}${product.colorName ? ` in ${product.colorName}` : ""}. ${product.description}`),
    canonicalPath: productPath(product.id),
  }
}

export const notFoundMeta = (): PageMeta => ({
  title: pageTitle("Page not found"),
  description: "This page does not exist or has moved. Browse the shop for streetwear for men and women.",
  canonicalPath: null,
})

/** A page for one person (bag, account, sign-in, …): named in the tab, never indexed, so no canonical address. */
export const privatePageMeta = (words: string): PageMeta => ({ title: pageTitle(words), description: homeMeta().description, canonicalPath: null })

/** A profile's canonical address: the @handle form the shop links to (storefront paths.fitProfile). */
export const profilePath = (handle: string): string => `/fit/@${encodeURIComponent(handle)}`

const counted = (count: number, one: string): string => `${count.toLocaleString("en-IN")} ${one}${count === 1 ? "" : "s"}`

type PostWords = { id: string; text: string | null; user: { name: string }; Product: { title: string } | null }

/** Who wore what ("Asha's fit in the Oversized Tee"): a post's title, and its link preview's. */
export const postHeadline = (post: PostWords): string => `${post.user.name}'s fit${post.Product ? ` in the ${post.Product.title}` : ""}`

/** A FITFEED post's page: who wore what, in the author's own caption when there is one. */
export function postMeta(post: PostWords): PageMeta {
  const headline = postHeadline(post)
  const caption = post.text?.trim()
  return {
    title: pageTitle(headline),
    description: shortDescription(caption ? `${headline}: ${caption}` : `${headline}, posted on FITFEED${post.Product ? " by a shopper who bought it" : ""}.`),
    canonicalPath: `/fitfeed/${encodeURIComponent(post.id)}`,
  }
}

/** A person as their profile's title and link preview name them: "Asha Verma (@asha.fits)". */
export const profileHeadline = (user: { name: string; handle: string }): string => `${user.name} (@${user.handle})`

/** A public FITFEED profile: the person, their @handle and what their page shows. */
export function profileMeta(profile: { user: { name: string; handle: string }; counts: { posts: number; followers: number } }): PageMeta {
  const { name, handle } = profile.user
  return {
    title: pageTitle(`${profileHeadline(profile.user)} on FITFEED`),
    description: shortDescription(
      `${name}'s fits on FITFEED: ${counted(profile.counts.posts, "post")} and ${counted(profile.counts.followers, "follower")}. Outfits posted by shoppers who bought them at ${SITE_NAME}.`,
    ),
    canonicalPath: profilePath(handle),
  }
}

/** FITFEED itself: everyone's fits. */
export const feedMeta = (): PageMeta => ({
  title: pageTitle("FITFEED: fits from our shoppers"),
  description: `Outfits posted by shoppers who bought them at ${SITE_NAME}: like them, comment, follow the people who wear them, and shop the look.`,
  canonicalPath: "/fitfeed",
})
