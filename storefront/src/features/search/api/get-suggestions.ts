import { SEARCH_SUGGEST_PATH } from "@fitshop/contracts"
import { useEffect, useState } from "react"
import { apiClient } from "@/lib/api-client"
import type { SearchSuggestAnswer, SearchSuggestion } from "@fitshop/contracts"

/** How long typing pauses before the completions are asked for: one request per pause, not per key. */
export const SUGGEST_DEBOUNCE_MS = 120

const NO_SUGGESTIONS: SearchSuggestion[] = []

export const getSuggestions = (q: string, signal?: AbortSignal) =>
  apiClient.get<SearchSuggestAnswer>(SEARCH_SUGGEST_PATH, { params: { q }, signal, skipSessionRefresh: true })

/**
 * The completions of what is typed (`GET /api/search/suggest`), asked once typing pauses and only for a non-blank
 * text. A newer text cancels the request still out for an older one, whose answer, should it still arrive, is dropped;
 * a failed request shows none (the shopper can still search).
 */
export function useSearchSuggestions(text: string): SearchSuggestion[] {
  const q = text.trim()
  const [answer, setAnswer] = useState<{ q: string; suggestions: SearchSuggestion[] } | null>(null)

  useEffect(() => {
    if (!q) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      getSuggestions(q, controller.signal).then(
        ({ suggestions }) => {
          if (!controller.signal.aborted) setAnswer({ q, suggestions })
        },
        () => {
          if (!controller.signal.aborted) setAnswer({ q, suggestions: NO_SUGGESTIONS })
        },
      )
    }, SUGGEST_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [q])

  // While the next answer is on its way the last one stays, so the list does not blink at every key.
  return q && answer ? answer.suggestions : NO_SUGGESTIONS
}
