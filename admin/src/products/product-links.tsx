import EditIcon from "@mui/icons-material/Edit"
import FileCopyIcon from "@mui/icons-material/FileCopy"
import { useMutation } from "@tanstack/react-query"
import type { MouseEvent } from "react"
import { Button, LinkBase, useBasename, useDataProvider, useNotify, useRecordContext } from "react-admin"
import { useNavigate } from "react-router-dom"
import type { ConsoleDataProvider } from "../data-provider"
import { failureText } from "../lib/failure-text"

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
  const dataProvider = useDataProvider<ConsoleDataProvider>()
  const duplicate = useMutation({
    mutationFn: (id: string) => dataProvider.duplicateProduct(id),
    onSuccess: ({ data: copy }) => navigate(editorPath(basename, copy.id)),
    onError: (error) => notify(failureText(error, "Duplicate failed"), { type: "error" }),
  })
  if (!record) return null
  return (
    <Button label="Duplicate" disabled={duplicate.isPending} onClick={() => duplicate.mutate(String(record.id))}>
      <FileCopyIcon />
    </Button>
  )
}
