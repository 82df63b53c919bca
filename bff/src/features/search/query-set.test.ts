import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp } from "../../../test/app.js"
import { isSeeded } from "../../../test/catalog.js"
import { searchAnswerSchema, type SearchAnswer } from "@fitshop/contracts"
import { SEARCH_QUERY_SET as QUERIES } from "../../../test/search-query-set.js"

let ctx: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  ctx = await createTestApp()
  // The read model's search words as this build writes them (a database from before migration 046 has them backfilled).
  await ctx.sync.rebuild()
})
afterAll(() => ctx.close())

describe(`search's query set (${QUERIES.length} queries against the demo catalogue)`, () => {
  it.each(QUERIES)("%s", async (query, expected) => {
    const response = await request(ctx.app).get("/api/search").query({ q: query })
    expect(response.status).toBe(200)
    const answer: SearchAnswer = searchAnswerSchema.parse(response.body)
    const shown = answer.products.filter(isSeeded)
    const titles = shown.map((product) => product.title)
    if (expected.fallback) {
      expect(answer.total).toBe(0)
      expect(answer.fallback?.kind).toBe(expected.fallback)
      expect(answer.fallback?.message).toContain(`No results for “${query}”.`)
      expect(answer.trending.length).toBeGreaterThan(0)
    } else {
      expect(answer.fallback).toBeNull()
      expect(answer.total).toBeGreaterThan(0)
    }
    for (const title of expected.finds ?? []) expect(titles, `"${query}" finds ${title}`).toContain(title)
    for (const title of expected.not ?? []) expect(titles, `"${query}" does not show ${title}`).not.toContain(title)
    if (expected.every) for (const product of shown) expect(expected.every(product), `"${query}" shows ${product.title}`).toBe(true)
    if (expected.corrected) expect(answer.correctedQuery).toBe(expected.corrected)
  })
})
