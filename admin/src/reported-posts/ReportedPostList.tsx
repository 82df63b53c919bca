import type { ReportedPost } from "@fitshop/contracts"
import { Alert, Box, Button, Card, CardActions, CardContent, CardMedia, Typography } from "@mui/material"
import { useMutation } from "@tanstack/react-query"
import { useState } from "react"
import { Confirm, useDataProvider, useDelete, useGetList } from "react-admin"
import type { ConsoleDataProvider } from "../data-provider"
import { failureText } from "../lib/failure-text"

type Props = { post: ReportedPost; onDone: (id: string) => void; onFailure: (text: string) => void }

function ReportedPostCard({ post, onDone, onFailure }: Props) {
  const [confirming, setConfirming] = useState(false)
  const dataProvider = useDataProvider<ConsoleDataProvider>()
  const restore = useMutation({
    mutationFn: () => dataProvider.restoreReportedPost(post.id),
    onSuccess: () => onDone(post.id),
    onError: (error) => onFailure(failureText(error, "Could not restore post")),
  })
  const [remove, removal] = useDelete<ReportedPost>()
  const busy = restore.isPending || removal.isPending
  return (
    <Card variant="outlined" component="article" aria-label={`Post by ${post.author.name}`} sx={{ width: 280 }}>
      <CardMedia component="img" image={post.thumbnailUrl} alt={post.text ?? `Post by ${post.author.name}`} sx={{ height: 200, objectFit: "cover" }} />
      <CardContent>
        <Typography sx={{ fontWeight: 600 }}>
          {post.author.name} <span style={{ fontWeight: 400 }}>@{post.author.handle}</span>
        </Typography>
        {post.text && <Typography variant="body2">{post.text}</Typography>}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {`${String(post.reports.count)} reports`}
          {post.reports.reasons.length > 0 && `: ${post.reports.reasons.join(", ")}`}
        </Typography>
      </CardContent>
      <CardActions>
        <Button disabled={busy} onClick={() => restore.mutate()}>
          Restore
        </Button>
        <Button color="error" disabled={busy} onClick={() => setConfirming(true)}>
          Remove
        </Button>
      </CardActions>
      <Confirm
        isOpen={confirming}
        title="Remove this post?"
        content="It disappears from FITFEED for everyone, for good."
        confirm="Remove"
        onConfirm={() => {
          setConfirming(false)
          void remove(
            "reported-posts",
            { id: post.id, previousData: post },
            { onSuccess: () => onDone(post.id), onError: (error) => onFailure(failureText(error, "Could not remove post")) },
          )
        }}
        onClose={() => setConfirming(false)}
      />
    </Card>
  )
}

/** The server's first page of them, the most recently hidden first. */
const REPORTED_SHOWN = 25

/** "Reported posts": FITFEED posts that three reports hid, for staff to restore or remove. */
export function ReportedPostList() {
  const list = useGetList<ReportedPost>(
    "reported-posts",
    { pagination: { page: 1, perPage: REPORTED_SHOWN }, sort: { field: "hiddenAt", order: "DESC" } },
    { retry: false },
  )
  const [handled, setHandled] = useState<string[]>([])
  const [failure, setFailure] = useState<string | null>(null)
  const posts = list.data?.filter((post) => !handled.includes(post.id)) ?? []
  return (
    <Box component="section" sx={{ py: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Reported posts
      </Typography>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      {list.isPending && <Typography>Loading…</Typography>}
      {list.isError && <Alert severity="error">{failureText(list.error, "Could not load reported posts")}</Alert>}
      {list.isSuccess && posts.length === 0 && <Typography>No reported posts.</Typography>}
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>
        {posts.map((post) => (
          <ReportedPostCard key={post.id} post={post} onDone={(id) => setHandled((ids) => [...ids, id])} onFailure={setFailure} />
        ))}
      </Box>
    </Box>
  )
}
