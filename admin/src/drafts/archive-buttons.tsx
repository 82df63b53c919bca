import DeleteIcon from "@mui/icons-material/Delete"
import { useState } from "react"
import { Button, useListContext, useNotify, useRecordContext, useRefresh } from "react-admin"
import { failureText } from "../lib/failure-text"
import { setProductsStatus } from "../products/api"

/** Drafts' Delete archives (spec section 4): the products leave the drafts and the shop, but are kept. */
function useArchive(afterArchive: () => void = () => undefined) {
  const refresh = useRefresh()
  const notify = useNotify()
  const [busy, setBusy] = useState(false)
  const archive = (ids: string[]) => {
    setBusy(true)
    setProductsStatus(ids, "ARCHIVED")
      .then(() => {
        afterArchive()
        refresh()
      })
      .catch((error: unknown) => notify(failureText(error, "Delete failed"), { type: "error" }))
      .finally(() => setBusy(false))
  }
  return { archive, busy }
}

export function ArchiveButton() {
  const record = useRecordContext()
  const { archive, busy } = useArchive()
  if (!record) return null
  return (
    <Button label="Delete" color="error" disabled={busy} onClick={() => archive([String(record.id)])}>
      <DeleteIcon />
    </Button>
  )
}

export function BulkArchiveButton() {
  const { selectedIds, onUnselectItems } = useListContext()
  const { archive, busy } = useArchive(() => onUnselectItems())
  return (
    <Button label="Delete" color="error" disabled={busy || selectedIds.length === 0} onClick={() => archive(selectedIds.map(String))}>
      <DeleteIcon />
    </Button>
  )
}
