import { describe, expect, it } from "vitest"
import { readDarkCoinsChoice, saveDarkCoinsChoice } from "./dark-coins-choice"

describe("Dark Coins choice", () => {
  it("reads back what was saved under checkout_dark_coins", () => {
    saveDarkCoinsChoice({ applied: true, coins: 2000 })

    expect(JSON.parse(window.sessionStorage.getItem("checkout_dark_coins") ?? "null")).toEqual({
      applied: true,
      coins: 2000,
    })
    expect(readDarkCoinsChoice()).toEqual({ applied: true, coins: 2000 })
  })

  it("counts nothing stored, a choice not applied, or unreadable JSON as not applied", () => {
    expect(readDarkCoinsChoice()).toEqual({ applied: false, coins: 0 })
    window.sessionStorage.setItem("checkout_dark_coins", JSON.stringify({ applied: false, coins: 500 }))
    expect(readDarkCoinsChoice()).toEqual({ applied: false, coins: 0 })
    window.sessionStorage.setItem("checkout_dark_coins", "{not json")
    expect(readDarkCoinsChoice()).toEqual({ applied: false, coins: 0 })
  })
})
