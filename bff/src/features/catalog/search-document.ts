import { searchWords, shelfTermsOf, SIZES, type Product, type SearchShelf } from "@fitshop/contracts"

/** tsvector weights: the first field of a vector weighs most. */
const WEIGHTS = ["A", "B", "C", "D"] as const

/** Positions left between two fields, so a phrase never runs from one field into the next. */
const FIELD_GAP = 8
/** PostgreSQL keeps positions up to 16,383; a longer description's tail is still found, at the last position. */
const LAST_POSITION = 16_383
/** No word is longer; a run of letters that is (a pasted link, say) is not indexed, and can't exceed a lexeme's 2 KB. */
const LONGEST_WORD = 100

/**
 * The fields' words as a tsvector literal: each word with the forms its plural may come from at its position, under
 * its field's weight. The words are letters, marks and digits only (contracts' normalising), so quoting is all they need.
 */
function tsvectorLiteral(fields: readonly string[]): string {
  const positions = new Map<string, string[]>()
  let position = 1
  fields.forEach((text, field) => {
    for (const forms of searchWords(text)) {
      for (const form of new Set(forms)) {
        if (form.length > LONGEST_WORD) continue
        const at = positions.get(form) ?? []
        // PostgreSQL keeps up to 256 positions of a lexeme: more only repeat the word.
        if (at.length < 256) at.push(`${Math.min(position, LAST_POSITION)}${WEIGHTS[field]}`)
        positions.set(form, at)
      }
      position += 1
    }
    position += FIELD_GAP
  })
  return [...positions].map(([lexeme, at]) => `'${lexeme}':${at.join(",")}`).join(" ")
}

/**
 * The words the shop files a product under: its category type, subcategory and style group, and the garment words
 * that name its shelf (contracts' shelfTermsOf: a women's traditional upper answers to "kurti").
 */
function shelfWords(product: Product): string {
  const shelf = { categoryType: product.categoryType ?? undefined, subcategory: product.subcategory ?? undefined, styleGroup: product.styleGroup ?? undefined }
  return [product.categoryType, product.subcategory, product.styleGroup, ...shelfTermsOf(shelf as SearchShelf)].filter(Boolean).join(" ")
}

/** A title's words that typos are corrected to (migration 046's bff.search_words): 4 letters or more, each with its plural's forms. */
export function titleWords(product: Product): string[] {
  return searchWords(product.title)
    .flat()
    .filter((word) => /^\p{L}{4,}$/u.test(word))
}

/**
 * A product's search vectors (migration 046): the title, its shelf, colour and fabric in the first; its genre and
 * description in the second. Ranking reads the fields in that order.
 */
export function searchVectors(product: Product): { main: string; more: string } {
  return {
    main: tsvectorLiteral([product.title, shelfWords(product), product.colorName ?? "", product.fabric ?? ""]),
    more: tsvectorLiteral([product.genre ?? "", product.description]),
  }
}

/** A size's bit in bff.catalog_products.size_mask: contracts' SIZES order, XS first. */
export const sizeBit = (size: string): number => {
  const at = (SIZES as readonly string[]).indexOf(size)
  return at < 0 ? 0 : 1 << at
}

/** The sizes in stock as bits (migration 046's size_mask), which search filters and counts by. */
export const sizeMask = (sizes: readonly string[]): number => sizes.reduce((mask, size) => mask | sizeBit(size), 0)
