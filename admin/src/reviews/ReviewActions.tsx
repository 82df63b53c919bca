import { hideReviewBody, type AdminReview } from "@fitshop/contracts"
import { Alert, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from "@mui/material"
import { useMutation } from "@tanstack/react-query"
import { useState, type FormEvent } from "react"
import { Button, useDataProvider, useNotify, useRecordContext, useRefresh } from "react-admin"
import type { ConsoleDataProvider } from "../data-provider"
import { failureText } from "../lib/failure-text"

/** Hides the row's visible review after asking staff for the reason the author is told; the list then reloads. */
export function HideReviewButton() {
  const review = useRecordContext<AdminReview>()
  const dataProvider = useDataProvider<ConsoleDataProvider>()
  const refresh = useRefresh()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState("")
  const [invalid, setInvalid] = useState<string | null>(null)
  const hide = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => dataProvider.hideReview(id, reason),
    onSuccess: () => {
      setOpen(false)
      setReason("")
      refresh()
    },
  })
  if (review?.status !== "visible") return null

  const close = () => {
    setOpen(false)
    setReason("")
    setInvalid(null)
    hide.reset()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const body = hideReviewBody.safeParse({ reason })
    setInvalid(body.success ? null : (body.error.issues[0]?.message ?? null))
    if (body.success) hide.mutate({ id: review.id, reason: body.data.reason })
  }
  return (
    <>
      <Button label="Hide" onClick={() => setOpen(true)} />
      <Dialog open={open} onClose={close} aria-labelledby={`hide-review-${review.id}`}>
        <form onSubmit={submit} noValidate>
          <DialogTitle id={`hide-review-${review.id}`}>Hide this review?</DialogTitle>
          <DialogContent>
            {hide.isError && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {failureText(hide.error, "Could not hide the review")}
              </Alert>
            )}
            <TextField
              label="Reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              error={invalid !== null}
              helperText={invalid ?? "The author is told this by e-mail."}
              required
              multiline
              minRows={2}
              fullWidth
              sx={{ mt: 1 }}
            />
          </DialogContent>
          <DialogActions>
            <Button label="Cancel" onClick={close} />
            <Button label="Hide" type="submit" color="error" disabled={hide.isPending} />
          </DialogActions>
        </form>
      </Dialog>
    </>
  )
}

/** Shows the row's hidden review to shoppers again; the list then reloads. */
export function RestoreReviewButton() {
  const review = useRecordContext<AdminReview>()
  const dataProvider = useDataProvider<ConsoleDataProvider>()
  const notify = useNotify()
  const refresh = useRefresh()
  const restore = useMutation({
    mutationFn: (id: string) => dataProvider.restoreReview(id),
    onSuccess: () => refresh(),
    onError: (error) => notify(failureText(error, "Could not restore the review"), { type: "error" }),
  })
  if (review?.status !== "hidden") return null
  return <Button label="Restore" disabled={restore.isPending} onClick={() => restore.mutate(review.id)} />
}
