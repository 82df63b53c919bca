import { Alert, Box, Button, Card, CardActions, CardContent, CardMedia, Typography } from "@mui/material"
import { useState } from "react"
import { Confirm } from "react-admin"
import { failureText } from "../lib/failure-text"
import { useApi } from "../lib/use-api"
import { readReported, removePost, REPORTED_PATH, restorePost, type ReportedPost } from "./api"

type Props = { post: ReportedPost; onDone: (id: string) => void; onFailure: (text: string) => void }

function ReportedPostCard({ post, onDone, onFailure }: Props) {
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const act = (call: (id: string) => Promise<void>, fallback: string) => {
    setBusy(true)
    call(post.id)
      .then(() => onDone(post.id))
      .catch((error: unknown) => onFailure(failureText(error, fallback)))
      .finally(() => setBusy(false))
  }
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
        <Button disabled={busy} onClick={() => act(restorePost, "Could not restore post")}>
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
          act(removePost, "Could not remove post")
        }}
        onClose={() => setConfirming(false)}
      />
    </Card>
  )
}

/** "Reported posts": FITFEED posts that three reports hid, for staff to restore or remove. */
export function ReportedPostList() {
  const list = useApi(REPORTED_PATH, readReported)
  const [handled, setHandled] = useState<string[]>([])
  const [failure, setFailure] = useState<string | null>(null)
  const posts = list.status === "ready" ? list.data.filter((post) => !handled.includes(post.id)) : []
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
      {list.status === "loading" && <Typography>Loading…</Typography>}
      {list.status === "error" && <Alert severity="error">{failureText(list.error, "Could not load reported posts")}</Alert>}
      {list.status === "ready" && posts.length === 0 && <Typography>No reported posts.</Typography>}
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>
        {posts.map((post) => (
          <ReportedPostCard key={post.id} post={post} onDone={(id) => setHandled((ids) => [...ids, id])} onFailure={setFailure} />
        ))}
      </Box>
    </Box>
  )
}
