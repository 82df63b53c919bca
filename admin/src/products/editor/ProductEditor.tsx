import { adminProductInput, EDITOR_STEPS, fixStepMessage, SIZES, type AdminProduct, type AdminProductInput, type AdminProductUpdate } from "@fitshop/contracts"
import { Alert, Box, Button, Stack, Typography } from "@mui/material"
import { useQuery } from "@tanstack/react-query"
import { useCallback, useEffect, useReducer, useState } from "react"
import { useCreate, useDataProvider, useGetOne, useUpdate } from "react-admin"
import type { ConsoleDataProvider } from "../../data-provider"
import { failureText } from "../../lib/failure-text"
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

/** A product as react-admin's update carries it: the BFF's PUT body (the version it was read at, the editor's payload), answered by the saved product. */
type ProductUpdate = AdminProduct & Partial<AdminProductUpdate>

const Heading = ({ isNew }: { isNew: boolean }) => (
  <Typography variant="h5" component="h1" gutterBottom>
    {isNew ? "Add Product" : "Edit Product"}
  </Typography>
)

/**
 * The five-step product editor ("Add Product" without an id, "Edit Product" with one). A new product is
 * autosaved locally and restored; an update names the version it was made from.
 */
export function ProductEditor({ productId }: { productId?: string }) {
  return productId === undefined ? <EditorForm product={null} /> : <ExistingProduct productId={productId} />
}

/**
 * Reads the product afresh (not the copy a list left in the cache), so the form and the version it names are the
 * server's as of opening; once open, the editor stays as it is whatever later reads of the product bring.
 */
function ExistingProduct({ productId }: { productId: string }) {
  const { data, error, isFetchedAfterMount } = useGetOne<AdminProduct>("products", { id: productId }, { retry: false })
  const [opened, setOpened] = useState<AdminProduct | null>(null)
  if (!opened && data && isFetchedAfterMount && !error) setOpened(data)
  if (opened) return <EditorForm product={opened} />
  return (
    <Box sx={{ py: 3 }}>
      <Heading isNew={false} />
      {error ? <Alert severity="error">{failureText(error, "Failed to load product")}</Alert> : <Typography>Loading…</Typography>}
    </Box>
  )
}

/** The editor itself, its form and version taken from `product` once: later reads of the same product don't overwrite what is being typed. */
function EditorForm({ product }: { product: AdminProduct | null }) {
  const isNew = product === null
  const [form, dispatch] = useReducer(editorReducer, product, (loaded) => (loaded ? formFromProduct(loaded) : (readDraft() ?? EMPTY_FORM)))
  const [version, setVersion] = useState(product?.version ?? null)
  const [step, setStep] = useState(0)
  const [notice, setNotice] = useState<Notice | null>(null)
  const [saving, setSaving] = useState(false)
  const dataProvider = useDataProvider<ConsoleDataProvider>()
  const sizes = useQuery({
    queryKey: ["products", "getProductSizes"],
    queryFn: ({ signal }) => dataProvider.getProductSizes({ signal }).then(({ data }) => data),
  })
  const [create] = useCreate<AdminProductInput, unknown, AdminProduct>()
  const [update] = useUpdate<ProductUpdate>()
  useAutosave(form, isNew)

  useEffect(() => {
    if (notice?.severity !== "success") return
    const timer = setTimeout(() => setNotice(null), SAVED_MESSAGE_MS)
    return () => clearTimeout(timer)
  }, [notice])

  const showFailure = useCallback((text: string) => setNotice({ severity: "error", text }), [])
  const upload = useMediaUpload(dispatch, showFailure)

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
      if (product === null) {
        await create("products", { data: parsed.data }, { returnPromise: true })
        clearDraft()
        dispatch({ type: "load", form: EMPTY_FORM })
        setStep(0)
      } else {
        const data = { version: version ?? 1, product: parsed.data }
        const saved = await update("products", { id: product.id, data, previousData: product }, { returnPromise: true })
        if (saved) setVersion(saved.version)
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
      <Heading isNew={isNew} />
      <StepBar current={step} canOpen={(target) => canOpenStep(problems, step, target)} onOpen={setStep} />
      <Box sx={{ my: 3 }}>
        {step === 0 && <BasicsStep form={form} dispatch={dispatch} />}
        {step === 1 && <SizesStep form={form} dispatch={dispatch} sizes={sizes.data ?? SIZES} />}
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
