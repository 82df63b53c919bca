import { searchWords } from "@fitshop/contracts"

/** tsvector weights the catalogue writes (catalog/search-document.ts); a query may ask for a word in one of them. */
export type Weight = "A" | "B" | "C" | "D"

/**
 * A tsquery's text for one group of alternatives: any of them, a phrase's words in order, each word as any of its
 * forms ("hoodies" as hoodies | hoodie | hoody), restricted to a weight when given, the last word a prefix when asked.
 * The words are letters, marks and digits (contracts' normalising) and are quoted besides: nothing typed is an operator.
 */
export function groupQuery(alternatives: readonly string[], options: { weight?: Weight; prefixLast?: boolean } = {}): string | null {
  const phrases = alternatives
    .map((term, index) => {
      const words = searchWords(term)
      if (!words.length) return null
      const last = index === alternatives.length - 1 && options.prefixLast
      return words
        .map((forms, at) => {
          const marks = `${last && at === words.length - 1 ? "*" : ""}${options.weight ?? ""}`
          const lexemes = [...new Set(forms)].map((form) => `'${form}'${marks ? `:${marks}` : ""}`)
          return lexemes.length > 1 ? `(${lexemes.join(" | ")})` : lexemes[0]!
        })
        .join(" <-> ")
    })
    .filter((phrase): phrase is string => phrase !== null)
  if (!phrases.length) return null
  return phrases.length > 1 ? phrases.map((phrase) => `(${phrase})`).join(" | ") : phrases[0]!
}
