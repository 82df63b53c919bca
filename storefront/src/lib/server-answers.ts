import { SERVER_ANSWERS_ELEMENT_ID, sortedUrl, type QueryParams } from "@fitshop/contracts"

/**
 * The BFF sends, inside a page's HTML, the answers to the API reads that page makes first (home's
 * category covers and best sellers, the shop's first page, a product page's product): the first render
 * then has its data, with no request and no second render. An answer older than the query's staleTime
 * (a page left open) shows and is refetched.
 */
export { SERVER_ANSWERS_ELEMENT_ID }

type ServerAnswers = { sentAt: number; answers: Map<string, unknown>; failures: Map<string, number> }

/** What the BFF hands the page (in its HTML, or to the server render): answers by read, and the status of reads that failed. */
export type ServerAnswersPayload = { sentAt: number; answers: Record<string, unknown>; failures?: Record<string, number> }

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)

const statuses = (value: unknown) =>
  new Map(isRecord(value) ? Object.entries(value).filter((entry): entry is [string, number] => Number.isInteger(entry[1])) : [])

function fromPayload(parsed: unknown): ServerAnswers | null {
  if (!isRecord(parsed) || typeof parsed.sentAt !== "number" || !isRecord(parsed.answers)) return null
  return { sentAt: parsed.sentAt, answers: new Map(Object.entries(parsed.answers)), failures: statuses(parsed.failures) }
}

function readServerAnswers(): ServerAnswers {
  const empty: ServerAnswers = { sentAt: 0, answers: new Map(), failures: new Map() }
  const element = typeof document === "undefined" ? null : document.getElementById(SERVER_ANSWERS_ELEMENT_ID)
  if (!element?.textContent) return empty
  try {
    return fromPayload(JSON.parse(element.textContent)) ?? empty
  } catch {
    // A malformed block costs only the head start: the reads go to the network as usual.
    return empty
  }
}

let serverAnswers: ServerAnswers | undefined

const loaded = () => (serverAnswers ??= readServerAnswers())

/**
 * The answer the page came with for this read, handed out once: a later read of the same data (after
 * it went stale or left the cache) asks the server again.
 */
export function takeServerAnswer<T>(path: string, params?: QueryParams): T | undefined {
  const { answers } = loaded()
  const key = sortedUrl(path, params)
  const answer = answers.get(key)
  answers.delete(key)
  return answer as T | undefined
}

/**
 * The status a read of the page failed with on the server (a product id that does not exist: 404), so the page
 * shows that at once, in the server's render and the browser's first render alike. Not handed out once: it stays
 * what the page was made with.
 */
export const serverFailure = (path: string, params?: QueryParams): number | undefined => loaded().failures.get(sortedUrl(path, params))

/** When the server made the page's answers (ms since the epoch); react-query judges their staleness by it. */
export const serverAnswersSentAt = (): number => loaded().sentAt

/** react-query options that start a query from the page's answer to its read, dated by when the page was made. */
export const startFromServerAnswer = <T>(path: string, params?: QueryParams) => ({
  initialData: () => takeServerAnswer<T>(path, params),
  initialDataUpdatedAt: serverAnswersSentAt,
})

/** Forgets what was read from the page; tests load a new page for each case. */
export function resetServerAnswers(): void {
  serverAnswers = undefined
}

/** Runs a server render (synchronous: no other request's render interleaves) with the answers its page will carry. */
export function renderedWithAnswers<T>(payload: ServerAnswersPayload, render: () => T): T {
  serverAnswers = fromPayload(payload) ?? undefined
  try {
    return render()
  } finally {
    serverAnswers = undefined
  }
}
