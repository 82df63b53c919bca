import { adminProductInput, EDITOR_STEPS, fixStepMessage, SIZES } from "@fitshop/contracts"
import { Alert, Box, Button, Stack, Typography } from "@mui/material"
import { useCallback, useEffect, useReducer, useState } from "react"
import { failureText } from "../../lib/failure-text"
import { createProduct, getProduct, getSizes, updateProduct } from "../api"
import { clearDraft, readDraft, useAutosave } from "./autosave"
import { BasicsStep } from "./BasicsStep"
import { EMPTY_FORM, editorReducer } from "./form-state"
import { MediaStep } from "./MediaStep"
import { formFromProduct } from "./product-form"
import { ReviewStep } from "./ReviewStep"
import { SizesStep } from "./SizesStep"
import { StepBar } from "./StepBar"
import { TaxStep } from "./TaxStep"
import { useMediaUpload } from "./use-media-upload"
import { canOpenStep, editorProblems, stepMessages, toProductInput } from "./validation"

/** How long "Published" / "Saved draft" stays (spec section 9). */
export const SAVED_MESSAGE_MS = 2000
const LAST_STEP = EDITOR_STEPS.length - 1

type Notice = { severity: "success" | "error"; text: string }
type Loading = { status: "loading" } | { status: "failed"; text: string } | { status: "ready"; version: number | null }

/**
 * The five-step product editor ("Add Product" without an id, "Edit Product" with one). A new product is
 * autosaved locally and restored; an update names the version it was made from.
 */
export function ProductEditor({ productId }: { productId?: string }) {
  const isNew = productId === undefined
  const [form, dispatch] = useReducer(editorReducer, null, () => (isNew ? (readDraft() ?? EMPTY_FORM) : EMPTY_FORM))
  const [step, setStep] = useState(0)
  const [loading, setLoading] = useState<Loading>(isNew ? { status: "ready", version: null } : { status: "loading" })
  const [notice, setNotice] = useState<Notice | null>(null)
  const [saving, setSaving] = useState(false)
  const [sizes, setSizes] = useState<readonly string[]>(SIZES)
  useAutosave(form, isNew)

  useEffect(() => {
    let current = true
    void getSizes().then((items) => {
      if (current) setSizes(items)
    })
    return () => {
      current = false
    }
  }, [])

  useEffect(() => {
    if (productId === undefined) return
    const controller = new AbortController()
    getProduct(productId, controller.signal)
      .then((product) => {
        dispatch({ type: "load", form: formFromProduct(product) })
        setLoading({ status: "ready", version: product.version })
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoading({ status: "failed", text: failureText(error, "Failed to load product") })
      })
    return () => controller.abort()
  }, [productId])

  useEffect(() => {
    if (notice?.severity !== "success") return
    const timer = setTimeout(() => setNotice(null), SAVED_MESSAGE_MS)
    return () => clearTimeout(timer)
  }, [notice])

  const showFailure = useCallback((text: string) => setNotice({ severity: "error", text }), [])
  const upload = useMediaUpload(dispatch, showFailure)

  const heading = isNew ? "Add Product" : "Edit Product"
  if (loading.status !== "ready") {
    return (
      <Box sx={{ py: 3 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {heading}
        </Typography>
        {loading.status === "loading" ? <Typography>Loading…</Typography> : <Alert severity="error">{loading.text}</Alert>}
      </Box>
    )
  }

  const problems = editorProblems(form)
  const messages = step < LAST_STEP ? stepMessages(problems, step) : []

  async function save(status: "DRAFT" | "LIVE") {
    // Publish re-validates every step but the last; a draft needs only what it carries to be valid.
    const blocking = status === "LIVE" ? problems.filter((problem) => EDITOR_STEPS.indexOf(problem.step) < LAST_STEP) : editorProblems(form, { draft: true })
    const first = blocking[0]
    if (first) return setNotice({ severity: "error", text: fixStepMessage(first) })
    const parsed = adminProductInput.safeParse(toProductInput(form, status))
    if (!parsed.success) return setNotice({ severity: "error", text: parsed.error.issues[0]?.message ?? "Save failed" })
    setSaving(true)
    try {
      if (productId === undefined) {
        await createProduct(parsed.data)
        clearDraft()
        dispatch({ type: "load", form: EMPTY_FORM })
        setStep(0)
      } else {
        const saved = await updateProduct(productId, loading.status === "ready" ? (loading.version ?? 1) : 1, parsed.data)
        setLoading({ status: "ready", version: saved.version })
      }
      setNotice({ severity: "success", text: status === "LIVE" ? "Published" : "Saved draft" })
    } catch (error) {
      setNotice({ severity: "error", text: failureText(error, "Save failed") })
    } finally {
      setSaving(false)
    }
  }

  return (
    <Box sx={{ py: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {heading}
      </Typography>
      <StepBar current={step} canOpen={(target) => canOpenStep(problems, step, target)} onOpen={setStep} />
      <Box sx={{ my: 3 }}>
        {step === 0 && <BasicsStep form={form} dispatch={dispatch} />}
        {step === 1 && <SizesStep form={form} dispatch={dispatch} sizes={sizes} />}
        {step === 2 && <MediaStep form={form} dispatch={dispatch} upload={upload} />}
        {step === 3 && <TaxStep form={form} dispatch={dispatch} />}
        {step === 4 && <ReviewStep form={form} />}
      </Box>
      {messages.length > 0 && (
        <Alert severity="info" role="note" sx={{ mb: 2 }}>
          <ul aria-label="To continue" style={{ margin: 0, paddingLeft: "1.25rem" }}>
            {messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Alert>
      )}
      {notice && (
        <Alert severity={notice.severity} role={notice.severity === "error" ? "alert" : "status"} sx={{ mb: 2 }}>
          {notice.text}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button disabled={step === 0} onClick={() => setStep(step - 1)}>
          Back
        </Button>
        {step < LAST_STEP && (
          <Button variant="outlined" disabled={messages.length > 0} onClick={() => setStep(step + 1)}>
            Next
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Button variant="outlined" disabled={saving} onClick={() => void save("DRAFT")}>
          Save draft
        </Button>
        <Button variant="contained" disabled={saving} onClick={() => void save("LIVE")}>
          Publish
        </Button>
      </Stack>
    </Box>
  )
}
