import EditIcon from "@mui/icons-material/Edit"
import FileCopyIcon from "@mui/icons-material/FileCopy"
import { useState, type MouseEvent } from "react"
import { Button, LinkBase, useBasename, useNotify, useRecordContext } from "react-admin"
import { useNavigate } from "react-router-dom"
import { failureText } from "../lib/failure-text"
import { duplicateProduct } from "./api"

/** Where a product's editor lives (spec section 2), below the console's basename. */
export const editorPath = (basename: string, id: string | number) => `${basename}/products/${encodeURIComponent(String(id))}/edit`

/** A link to the row's product editor: "Edit" in All Products, "Continue" in Drafts. */
export function EditorLink({ label }: { label: string }) {
  const record = useRecordContext()
  const basename = useBasename()
  if (!record) return null
  return (
    <Button component={LinkBase} to={editorPath(basename, record.id)} label={label} onClick={(event: MouseEvent) => event.stopPropagation()}>
      <EditIcon />
    </Button>
  )
}

/** Makes a DRAFT copy of the row's product and opens the copy's editor. */
export function DuplicateButton() {
  const record = useRecordContext()
  const basename = useBasename()
  const navigate = useNavigate()
  const notify = useNotify()
  const [busy, setBusy] = useState(false)
  if (!record) return null
  const duplicate = () => {
    setBusy(true)
    duplicateProduct(String(record.id))
      .then((copyId) => navigate(editorPath(basename, copyId)))
      .catch((error: unknown) => notify(failureText(error, "Duplicate failed"), { type: "error" }))
      .finally(() => setBusy(false))
  }
  return (
    <Button label="Duplicate" disabled={busy} onClick={duplicate}>
      <FileCopyIcon />
    </Button>
  )
}
