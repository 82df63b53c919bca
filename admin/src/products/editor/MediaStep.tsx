import { Box, Button, Card, CardActions, CardContent, FormControlLabel, LinearProgress, Radio, Stack, TextField, Typography } from "@mui/material"
import type { ChangeEvent } from "react"
import type { StepProps } from "./fields"
import type { MediaForm } from "./form-state"

type Props = StepProps & { upload: (kind: MediaForm["kind"], files: File[]) => void }

const hiddenInput = { position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" } as const

function MediaCard({ item, dispatch }: { item: MediaForm; dispatch: StepProps["dispatch"] }) {
  const name = item.kind === "image" ? "Image" : "Video"
  return (
    <Card variant="outlined" sx={{ width: 220 }}>
      {item.kind === "image" ? (
        <img src={item.url} alt={item.altText || "Product image"} style={{ width: "100%", height: 180, objectFit: "cover" }} />
      ) : (
        <video src={item.url} controls muted style={{ width: "100%", height: 180 }} aria-label="Product video">
          <track kind="captions" />
        </video>
      )}
      <CardContent>
        {item.uploading && <LinearProgress variant="determinate" value={Math.round(item.progress * 100)} aria-label={`Uploading ${name.toLowerCase()}`} />}
        {item.kind === "image" && (
          <TextField
            size="small"
            label="Alt text"
            value={item.altText}
            fullWidth
            onChange={(event) => dispatch({ type: "altText", key: item.key, value: event.target.value })}
          />
        )}
      </CardContent>
      <CardActions>
        <FormControlLabel
          label="Primary"
          control={
            <Radio
              checked={item.isPrimary}
              onChange={() => dispatch({ type: "primary", key: item.key })}
              slotProps={{ input: { "aria-label": `Primary ${name.toLowerCase()}` } }}
            />
          }
        />
        <Button size="small" color="error" onClick={() => dispatch({ type: "removeMedia", key: item.key })} aria-label={`Remove ${name.toLowerCase()}`}>
          Remove
        </Button>
      </CardActions>
    </Card>
  )
}

/** Step 3: images and videos, uploaded at once with a preview and progress; one of them is primary. */
export function MediaStep({ form, dispatch, upload }: Props) {
  const chosen = (kind: MediaForm["kind"]) => (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? [])
    event.target.value = ""
    if (files.length > 0) upload(kind, files)
  }
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2}>
        <Button variant="outlined" component="label">
          Add images
          <input type="file" accept="image/*" multiple onChange={chosen("image")} style={hiddenInput} />
        </Button>
        <Button variant="outlined" component="label">
          Add videos
          <input type="file" accept="video/*" multiple onChange={chosen("video")} style={hiddenInput} />
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Images 1500×1500 or more; videos under about 25–50MB.
      </Typography>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>
        {form.media.map((item) => (
          <MediaCard key={item.key} item={item} dispatch={dispatch} />
        ))}
      </Box>
    </Stack>
  )
}
