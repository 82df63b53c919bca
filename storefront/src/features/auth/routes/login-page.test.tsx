import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { calledUrls, errorResponse, jsonResponse, mockSessionApi, type FetchHandler } from "@/testing/mock-fetch"
import { currentLocation, renderApp } from "@/testing/test-utils"
import { buildSession } from "@/testing/user-factory"
import type { AuthSession } from "@fitshop/contracts"

const notFound = () => errorResponse("Not found", 404)

const CODE_SENT_TEXT = "We sent a 6-digit code to your email. Enter it below to verify."
const HANDLE_HINT = "2–20 chars · letters, numbers, ._- · cannot start/end with dot or dash."
const INVALID_HANDLE_TEXT = "Choose a valid @handle (2–20 chars, letters/numbers/._-; cannot start or end with . or -)"
const signedUp = () => jsonResponse({ message: "Check your email", needsVerification: true, email: "ravi@example.test" }, 201)

const bodyOf = (init: RequestInit | undefined): unknown => JSON.parse(String(init?.body))

/** A signed-out visitor's BFF, with `routes` answering the calls a test cares about. */
function serveVisitor(routes: Record<string, FetchHandler>) {
  return mockSessionApi(null, (url, init) => (routes[url.pathname] ?? notFound)(url, init))
}

const fill = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
}

async function signIn(session: AuthSession, route: string) {
  const fetchMock = serveVisitor({ "/api/auth/login": () => jsonResponse(session) })
  renderApp(route)
  fill("Email", session.user.email)
  fill("Password", "streets1")
  fireEvent.click(screen.getByRole("button", { name: "Sign in" }))
  return fetchMock
}

describe("/login — sign in", () => {
  it("stores the token and user, then goes to a safe next path", async () => {
    const session = buildSession()
    const fetchMock = await signIn(session, "/login?next=%2Fpayments")

    expect(await screen.findByRole("heading", { level: 1, name: "Checkout" })).toBeInTheDocument()
    expect(currentLocation()).toBe("/payments")
    expect(window.localStorage.getItem("accessToken")).toBe(session.accessToken)
    expect(JSON.parse(window.localStorage.getItem("me") ?? "null")).toEqual(session.user)
    const login = fetchMock.mock.calls.find(([input]) => String(input) === "/api/auth/login")
    expect(bodyOf(login?.[1])).toEqual({ email: session.user.email, password: "streets1" })
  })

  it.each(["//evil.example", "https://evil.example/account", "/\\evil.example", "javascript:alert(1)"])(
    "goes to /account instead of the unsafe next %s",
    async (next) => {
      await signIn(buildSession(), `/login?next=${encodeURIComponent(next)}`)

      expect(await screen.findByRole("heading", { level: 1, name: "Account" })).toBeInTheDocument()
      expect(currentLocation()).toBe("/account")
    },
  )

  it("passes the feed intent and post on to the next path", async () => {
    await signIn(buildSession(), "/login?next=%2Ffitfeed&intent=like&post=12")

    await waitFor(() => {
      expect(currentLocation()).toBe("/fitfeed?intent=like&post=12")
    })
  })

  it("uses and then forgets the remembered return path", async () => {
    window.sessionStorage.setItem("return_to_path", "/cart?from=prompt")
    await signIn(buildSession(), "/login")

    await waitFor(() => {
      expect(currentLocation()).toBe("/cart?from=prompt")
    })
    expect(window.sessionStorage.getItem("return_to_path")).toBeNull()
  })

  it("shows the server's text for wrong credentials and stays signed out", async () => {
    serveVisitor({ "/api/auth/login": () => errorResponse("Invalid email or password", 401) })
    renderApp("/login")
    fill("Email", "someone@example.test")
    fill("Password", "wrongpass1")
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }))

    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid email or password")
    expect(currentLocation()).toBe("/login")
    expect(window.localStorage.getItem("accessToken")).toBeNull()
  })

  it("falls back to 'Login failed' when the server gives no text", async () => {
    serveVisitor({ "/api/auth/login": () => new Response("", { status: 502 }) })
    renderApp("/login")
    fill("Email", "someone@example.test")
    fill("Password", "streets1")
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }))

    expect(await screen.findByRole("alert")).toHaveTextContent(/^Login failed$/)
  })

  it("links to the forgot-password page", () => {
    serveVisitor({})
    renderApp("/login")

    expect(screen.getByRole("link", { name: "Forgot password" })).toHaveAttribute("href", "/forgot-password")
  })
})

describe("/login — unverified account", () => {
  const unverified = () => errorResponse("Please verify your email first", 403, { code: "EMAIL_NOT_VERIFIED" })

  it("opens the verification panel for that e-mail, where a code signs in", async () => {
    const session = buildSession()
    const fetchMock = serveVisitor({
      "/api/auth/login": unverified,
      "/api/auth/verify-email": () => jsonResponse({ message: "Email verified", ...session }),
    })
    renderApp("/login?next=%2Faccount")
    fill("Email", session.user.email)
    fill("Password", "streets1")
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }))

    expect(await screen.findByText(CODE_SENT_TEXT)).toBeInTheDocument()
    expect(screen.getByText(session.user.email)).toBeInTheDocument()
    fireEvent.paste(screen.getByLabelText("Digit 1"), { clipboardData: { getData: () => "246810" } })
    fireEvent.click(screen.getByRole("button", { name: "Verify" }))

    expect(await screen.findByRole("link", { name: `@${session.user.handle}` })).toBeInTheDocument()
    expect(currentLocation()).toBe("/account")
    const verify = fetchMock.mock.calls.find(([input]) => String(input) === "/api/auth/verify-email")
    // The password typed at sign-in goes with the code: whoever holds the code sets the password.
    expect(bodyOf(verify?.[1])).toEqual({ email: session.user.email, code: "246810", password: "streets1" })
  })

  it("resends a code, then waits 30 s before the next resend", async () => {
    const fetchMock = serveVisitor({
      "/api/auth/login": unverified,
      "/api/auth/resend-verification": () => jsonResponse({ message: "Verification code sent" }),
    })
    renderApp("/login")
    fill("Email", "late@example.test")
    fill("Password", "streets1")
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }))
    fireEvent.click(await screen.findByRole("button", { name: "Resend code" }))

    expect(await screen.findByText("Code resent. Check your inbox (and spam).")).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Resend code in 30s" })).toBeDisabled()
    expect(calledUrls(fetchMock, "/api/auth/resend-verification")).toHaveLength(1)
  })

  it("uses the server's retryAfterSeconds when it answers 429", async () => {
    serveVisitor({
      "/api/auth/login": unverified,
      "/api/auth/resend-verification": () => errorResponse("Please wait before asking again", 429, { retryAfterSeconds: 12 }),
    })
    renderApp("/login")
    fill("Email", "late@example.test")
    fill("Password", "streets1")
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }))
    fireEvent.click(await screen.findByRole("button", { name: "Resend code" }))

    expect(await screen.findByRole("button", { name: "Resend code in 12s" })).toBeDisabled()
    expect(screen.getByRole("alert")).toHaveTextContent("Please wait before asking again")
  })

  it("falls back to 'Could not resend code'", async () => {
    serveVisitor({
      "/api/auth/login": unverified,
      "/api/auth/resend-verification": () => new Response("", { status: 500 }),
    })
    renderApp("/login")
    fill("Email", "late@example.test")
    fill("Password", "streets1")
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }))
    fireEvent.click(await screen.findByRole("button", { name: "Resend code" }))

    expect(await screen.findByRole("alert")).toHaveTextContent(/^Could not resend code$/)
  })
})

describe("/login — sign up", () => {
  const openSignup = (route = "/login?next=%2Faccount") => {
    renderApp(route)
    fireEvent.click(screen.getByRole("tab", { name: "Sign up" }))
  }

  const fillSignup = (handle: string, password = "streets1") => {
    fill("Name", "Ravi Kumar")
    fill("Email", "ravi@example.test")
    fill("Password", password)
    fill("Handle", handle)
  }

  it("normalises the handle as typed and shows the hint", () => {
    serveVisitor({ "/api/fitfeed/handle/check": () => jsonResponse({ available: true }) })
    openSignup()
    fill("Handle", "@Ravi K!ng_01")

    expect(screen.getByLabelText("Handle")).toHaveValue("ravikng_01")
    expect(screen.getByText(HANDLE_HINT)).toBeInTheDocument()
  })

  it("checks availability once typing stops and says when the handle is taken", async () => {
    const fetchMock = serveVisitor({ "/api/fitfeed/handle/check": () => jsonResponse({ available: false }) })
    openSignup()
    fill("Handle", "rav")
    fill("Handle", "ravi")

    expect(await screen.findByText("That @handle is already taken. Please choose another.")).toBeInTheDocument()
    const checks = calledUrls(fetchMock, "/api/fitfeed/handle/check")
    expect(checks.map((url) => url.searchParams.get("handle"))).toEqual(["ravi"])
  })

  it("does not check an invalid handle and explains the rule", async () => {
    const fetchMock = serveVisitor({ "/api/fitfeed/handle/check": () => jsonResponse({ available: true }) })
    openSignup()
    fill("Handle", "ravi.")

    expect(await screen.findByText(INVALID_HANDLE_TEXT)).toBeInTheDocument()
    expect(calledUrls(fetchMock, "/api/fitfeed/handle/check")).toHaveLength(0)
  })

  it("does not send a password without a digit", () => {
    const fetchMock = serveVisitor({ "/api/fitfeed/handle/check": () => jsonResponse({ available: true }) })
    openSignup()
    fillSignup("ravi", "streetwear")
    fireEvent.click(screen.getByRole("button", { name: "Create account" }))

    expect(screen.getByLabelText("Password")).toHaveAttribute("minlength", "8")
    expect(calledUrls(fetchMock, "/api/auth/signup")).toHaveLength(0)
  })

  it("shows the server's text when signup fails, or 'Signup failed'", async () => {
    serveVisitor({
      "/api/fitfeed/handle/check": () => jsonResponse({ available: true }),
      "/api/auth/signup": () => errorResponse("An account with this email already exists.", 409),
    })
    openSignup()
    fillSignup("ravi")
    fireEvent.click(screen.getByRole("button", { name: "Create account" }))

    expect(await screen.findByRole("alert")).toHaveTextContent("An account with this email already exists.")
  })

  it("moves to the verification step, verifies and lands on the return path signed in", async () => {
    const session = buildSession({ name: "Ravi Kumar", email: "ravi@example.test", handle: "ravi" })
    const fetchMock = serveVisitor({
      "/api/fitfeed/handle/check": () => jsonResponse({ available: true }),
      "/api/auth/signup": signedUp,
      "/api/auth/verify-email": () => jsonResponse({ message: "Email verified", ...session }),
    })
    openSignup()
    fillSignup("ravi")
    fireEvent.click(screen.getByRole("button", { name: "Create account" }))

    expect(await screen.findByText(CODE_SENT_TEXT)).toBeInTheDocument()
    const signup = fetchMock.mock.calls.find(([input]) => String(input) === "/api/auth/signup")
    expect(bodyOf(signup?.[1])).toEqual({
      name: "Ravi Kumar",
      email: "ravi@example.test",
      password: "streets1",
      handle: "ravi",
      marketingOptIn: false,
    })
    expect(screen.getByRole("button", { name: "Resend code in 30s" })).toBeDisabled()

    fireEvent.click(screen.getByRole("button", { name: "Verify" }))
    expect(await screen.findByText("Enter the 6-digit code")).toBeInTheDocument()

    const group = screen.getByRole("group", { name: "Verification code" })
    for (const [index, digit] of [..."135790"].entries()) {
      fireEvent.change(within(group).getByLabelText(`Digit ${String(index + 1)}`), { target: { value: digit } })
    }
    fireEvent.click(screen.getByRole("button", { name: "Verify" }))

    expect(await screen.findByRole("link", { name: "@ravi" })).toHaveAttribute("href", "/fit/@ravi")
    expect(currentLocation()).toBe("/account")
    expect(window.localStorage.getItem("accessToken")).toBe(session.accessToken)
    // The sign-up's password goes with the code, so it is the one the account keeps, whoever signed up first.
    const verify = fetchMock.mock.calls.find(([input]) => String(input) === "/api/auth/verify-email")
    expect(bodyOf(verify?.[1])).toEqual({ email: "ravi@example.test", code: "135790", password: "streets1" })
  })

  it("shows the server's text for a wrong code, or 'Verification failed'", async () => {
    let answer = errorResponse("Invalid or expired code", 400)
    serveVisitor({
      "/api/fitfeed/handle/check": () => jsonResponse({ available: true }),
      "/api/auth/signup": signedUp,
      "/api/auth/verify-email": () => answer,
    })
    openSignup()
    fillSignup("ravi")
    fireEvent.click(screen.getByRole("button", { name: "Create account" }))
    fireEvent.paste(await screen.findByLabelText("Digit 1"), { clipboardData: { getData: () => "000000" } })
    fireEvent.click(screen.getByRole("button", { name: "Verify" }))

    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid or expired code")

    answer = new Response("", { status: 500 })
    fireEvent.click(screen.getByRole("button", { name: "Verify" }))
    expect(await screen.findByText("Verification failed")).toBeInTheDocument()
  })
})
