import { searchWords } from "@fitshop/contracts"

/** tsvector weights the catalogue writes (catalog/search-document.ts); a query may ask for a word in one of them. */
export type Weight = "A" | "B" | "C" | "D"

/** A phrase's word: any of its forms ("hoodies" as hoodies | hoodie | hoody), or any word they start when `prefix`. */
export type PhraseWord = { forms: readonly string[]; prefix: boolean }

/**
 * The phrases a group of alternatives is found by, each a run of words in order: the alternatives' words as contracts'
 * normalising reads them, the last alternative's last word a prefix when asked. Alternatives with no words are dropped.
 */
export function groupPhrases(alternatives: readonly string[], { prefixLast = false } = {}): PhraseWord[][] {
  return alternatives.flatMap((term, index) => {
    const words = searchWords(term)
    if (!words.length) return []
    const last = prefixLast && index === alternatives.length - 1
    return [words.map((forms, at) => ({ forms: [...new Set(forms)], prefix: last && at === words.length - 1 }))]
  })
}

/**
 * A tsquery's text for one group of alternatives (groupPhrases): any of its phrases, restricted to a weight when given.
 * The words are letters, marks and digits (contracts' normalising) and are quoted besides: nothing typed is an operator.
 */
export function groupQuery(alternatives: readonly string[], options: { weight?: Weight; prefixLast?: boolean } = {}): string | null {
  const phrases = groupPhrases(alternatives, options).map((words) =>
    words
      .map(({ forms, prefix }) => {
        const marks = `${prefix ? "*" : ""}${options.weight ?? ""}`
        const lexemes = forms.map((form) => `'${form}'${marks ? `:${marks}` : ""}`)
        return lexemes.length > 1 ? `(${lexemes.join(" | ")})` : lexemes[0]!
      })
      .join(" <-> "),
  )
  if (!phrases.length) return null
  return phrases.length > 1 ? phrases.map((phrase) => `(${phrase})`).join(" | ") : phrases[0]!
}
