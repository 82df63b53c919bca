import { afterEach, describe, expect, it, vi } from "vitest"
import { isSessionStorageKey, REFRESH_LOCK_NAME, REFRESH_PATH, sessionRefresher, type SessionKeeper } from "./session.js"
import type { User } from "./users.js"

const user = (role: User["role"] = "customer"): User => ({
  id: "u1",
  name: "Asha",
  email: "asha@example.in",
  handle: "asha",
  avatarUrl: null,
  phone: null,
  role,
})

/** The local storage every tab of both apps shares, as a keeper over one record. */
function sharedStorage(accessToken: string | null) {
  const state = { accessToken, user: null as User | null, ended: 0 }
  const keeper = (): SessionKeeper => ({
    accessToken: () => state.accessToken,
    keep: (token, who) => {
      state.accessToken = token
      if (who) state.user = who
    },
    end: () => {
      state.accessToken = null
      state.ended += 1
    },
  })
  return { state, keeper }
}

/** Web Locks as the browser grants them: one holder of a name at a time, the rest in turn. */
function installWebLocks() {
  const queues = new Map<string, Promise<unknown>>()
  const names: string[] = []
  const locks = {
    request<T>(name: string, run: () => Promise<T>): Promise<T> {
      names.push(name)
      const turn = (queues.get(name) ?? Promise.resolve()).then(run)
      queues.set(
        name,
        turn.catch(() => undefined),
      )
      return turn
    },
  }
  vi.stubGlobal("navigator", { locks })
  return names
}

/**
 * The BFF's refresh as it behaves: each answer rotates the cookie, and a rotated token sent again revokes
 * the session (every later refresh is refused). The cookie jar is the browser's, shared by all tabs.
 */
function fakeBff() {
  const jar = { cookie: "r0", generation: 0, revoked: false }
  const fetchMock = vi.fn(async (path: string) => {
    expect(path).toBe(REFRESH_PATH)
    const sent = jar.cookie
    await new Promise((resolve) => setTimeout(resolve, 5))
    if (jar.revoked || sent !== `r${jar.generation}`) {
      jar.revoked = true
      return new Response(JSON.stringify({ error: "Your session has ended." }), { status: 401 })
    }
    jar.generation += 1
    jar.cookie = `r${jar.generation}`
    return new Response(JSON.stringify({ accessToken: `token-${jar.generation}`, user: user() }), { status: 200 })
  })
  vi.stubGlobal("fetch", fetchMock)
  return { jar, fetchMock }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("sessionRefresher", () => {
  it("refreshes once for a storefront tab and a console tab that hit a 401 together, so neither signs the other out", async () => {
    const names = installWebLocks()
    const { jar, fetchMock } = fakeBff()
    const storage = sharedStorage("token-0")
    const storefrontTab = sessionRefresher(storage.keeper())
    const consoleTab = sessionRefresher(storage.keeper())

    const tokens = await Promise.all([storefrontTab.refresh("token-0"), consoleTab.refresh("token-0")])

    expect(tokens).toEqual(["token-1", "token-1"])
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(names).toEqual([REFRESH_LOCK_NAME, REFRESH_LOCK_NAME])
    expect(jar.revoked).toBe(false)
    expect(storage.state).toMatchObject({ accessToken: "token-1", ended: 0 })
  })

  it("takes turns across tabs: a later refresh spends the rotated cookie, never the old one", async () => {
    installWebLocks()
    const { jar, fetchMock } = fakeBff()
    const storage = sharedStorage("token-0")
    const first = sessionRefresher(storage.keeper())
    const second = sessionRefresher(storage.keeper())

    expect(await first.refresh()).toBe("token-1")
    expect(await second.refresh()).toBe("token-2")
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(jar.revoked).toBe(false)
  })

  it("shares one request between concurrent callers of one tab", async () => {
    const { fetchMock } = fakeBff()
    const storage = sharedStorage("token-0")
    const refresher = sessionRefresher(storage.keeper())

    const tokens = await Promise.all([refresher.refresh(), refresher.refresh(), refresher.refresh()])

    expect(tokens).toEqual(["token-1", "token-1", "token-1"])
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it("answers a call rejected with an old token with the one stored since, without a request", async () => {
    const { fetchMock } = fakeBff()
    const storage = sharedStorage("token-7")
    expect(await sessionRefresher(storage.keeper()).refresh("token-6")).toBe("token-7")
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("keeps the refreshed token and user, sending the app's headers with the cookie", async () => {
    const { fetchMock } = fakeBff()
    const storage = sharedStorage(null)
    const token = await sessionRefresher(storage.keeper(), { headers: () => ({ "X-Ref-Post": "42" }) }).refresh()
    expect(token).toBe("token-1")
    expect(storage.state.user).toEqual(user())
    const init = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(init[1]).toMatchObject({ method: "POST", credentials: "include", headers: { Accept: "application/json", "X-Ref-Post": "42" } })
  })

  it("ends the session when the BFF refuses, or the network fails", async () => {
    for (const answer of [() => Promise.resolve(new Response("{}", { status: 401 })), () => Promise.reject(new TypeError("Failed to fetch"))]) {
      vi.stubGlobal("fetch", vi.fn(answer))
      const storage = sharedStorage("token-0")
      expect(await sessionRefresher(storage.keeper()).refresh()).toBeNull()
      expect(storage.state).toMatchObject({ accessToken: null, ended: 1 })
    }
  })

  it("keeps a session another tab stored while a refused refresh was under way", async () => {
    const storage = sharedStorage("token-0")
    vi.stubGlobal(
      "fetch",
      vi.fn(() => {
        storage.state.accessToken = "signed-in-elsewhere"
        return Promise.resolve(new Response("{}", { status: 401 }))
      }),
    )
    expect(await sessionRefresher(storage.keeper()).refresh()).toBe("signed-in-elsewhere")
    expect(storage.state).toMatchObject({ accessToken: "signed-in-elsewhere", ended: 0 })
  })
})

describe("isSessionStorageKey", () => {
  it("is true for the session's keys and a cleared storage, false for the rest", () => {
    expect([isSessionStorageKey("accessToken"), isSessionStorageKey("me"), isSessionStorageKey(null), isSessionStorageKey("ref_post")]).toEqual([
      true,
      true,
      true,
      false,
    ])
  })
})
