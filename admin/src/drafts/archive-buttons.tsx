import DeleteIcon from "@mui/icons-material/Delete"
import { Button, useListContext, useNotify, useRecordContext, useRefresh, useUpdateMany, type Identifier } from "react-admin"
import { failureText } from "../lib/failure-text"

/** Drafts' Delete archives (spec section 4): the products leave the drafts and the shop, but are kept. One bulk-status call for any number. */
function useArchive(afterArchive: () => void = () => undefined) {
  const refresh = useRefresh()
  const notify = useNotify()
  const [updateMany, { isPending }] = useUpdateMany()
  const archive = (ids: Identifier[]) =>
    updateMany(
      "products",
      { ids, data: { status: "ARCHIVED" } },
      {
        onSuccess: () => {
          afterArchive()
          refresh()
        },
        onError: (error) => notify(failureText(error, "Delete failed"), { type: "error" }),
      },
    )
  return { archive, busy: isPending }
}

export function ArchiveButton() {
  const record = useRecordContext()
  const { archive, busy } = useArchive()
  if (!record) return null
  return (
    <Button label="Delete" color="error" disabled={busy} onClick={() => void archive([record.id])}>
      <DeleteIcon />
    </Button>
  )
}

export function BulkArchiveButton() {
  const { selectedIds, onUnselectItems } = useListContext()
  const { archive, busy } = useArchive(() => onUnselectItems())
  return (
    <Button label="Delete" color="error" disabled={busy || selectedIds.length === 0} onClick={() => void archive(selectedIds)}>
      <DeleteIcon />
    </Button>
  )
}
