import { CAPTION_MAX } from "@fitshop/contracts"
import { useId, useState, type FormEvent } from "react"
import { Dialog } from "@/components/ui/dialog"
import { FormError } from "@/components/ui/form-error"
import { errorMessage } from "@/lib/api-client"
import type { Post } from "@fitshop/contracts"
import { useCreatePost } from "../api/create-post"
import { usePhotoUpload } from "../hooks/use-photo-upload"
import { usePickableProduct } from "../hooks/use-postable-products"
import { PHOTO_ACCEPT, PHOTO_HINT } from "../utils/photo-rules"
import { ProductPicker } from "./product-picker"

/** The BFF's caption limit. */
export const NO_PHOTO_TEXT = "Please add a photo."
export const NO_PRODUCT_TEXT = "Please select the product you bought."

type CreatePostDialogProps = {
  open: boolean
  /** The product to preselect (the delivered e-mail's link names it), when the shopper may post about it. */
  productId?: string | null
  onClose: () => void
  onCreated: (post: Post) => void
}

type Problems = { photo: string | null; product: string | null }

function CreatePostForm({ productId: suggested = null, onClose, onCreated }: Omit<CreatePostDialogProps, "open">) {
  const upload = usePhotoUpload()
  const createPost = useCreatePost()
  const [picked, setPicked] = useState<string | null>(null)
  const preselected = usePickableProduct(suggested)
  const productId = picked ?? preselected
  const [caption, setCaption] = useState("")
  const [problems, setProblems] = useState<Problems>({ photo: null, product: null })
  const [failure, setFailure] = useState<string | null>(null)
  const ids = { photo: useId(), photoHint: useId(), photoError: useId(), product: useId(), caption: useId() }
  const { photo } = upload
  const photoError = upload.error ?? problems.photo

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found: Problems = {
      photo: photo ? null : NO_PHOTO_TEXT,
      product: productId ? null : NO_PRODUCT_TEXT,
    }
    setProblems(found)
    setFailure(null)
    if (found.photo || found.product || !productId || !photo?.uploaded) return
    try {
      const { post } = await createPost.mutateAsync({
        productId,
        text: caption.trim() || null,
        imageUrl: photo.uploaded.url,
      })
      onCreated(post)
      onClose()
    } catch (error) {
      setFailure(errorMessage(error, "Could not publish post"))
    }
  }

  return (
    <form className="create-post" onSubmit={(event) => void submit(event)} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={ids.photo}>
          Photo
        </label>
        <input
          id={ids.photo}
          className="field__input"
          type="file"
          accept={PHOTO_ACCEPT}
          aria-describedby={photoError ? `${ids.photoHint} ${ids.photoError}` : ids.photoHint}
          aria-invalid={photoError ? true : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0]
            if (file) upload.choose(file)
            setProblems((value) => ({ ...value, photo: null }))
          }}
        />
        <p id={ids.photoHint} className="field__hint">
          {PHOTO_HINT}
        </p>
        <FormError id={ids.photoError} message={photoError} />
        {photo ? (
          <div className="create-post__photo">
            {photo.previewUrl ? <img src={photo.previewUrl} alt="Your outfit, as it will be posted" width={160} height={200} /> : null}
            {photo.uploaded ? (
              <p className="muted">Photo uploaded</p>
            ) : (
              <label className="create-post__progress">
                <span>Uploading {Math.round(photo.progress * 100)}%</span>
                <progress value={photo.progress} max={1} />
              </label>
            )}
          </div>
        ) : null}
      </div>
      <ProductPicker
        value={productId}
        onChange={(id) => {
          setPicked(id)
          setProblems((value) => ({ ...value, product: null }))
        }}
        error={problems.product}
        errorId={ids.product}
      />
      <div className="field">
        <label className="field__label" htmlFor={ids.caption}>
          Caption (optional)
        </label>
        <textarea
          id={ids.caption}
          className="field__input create-post__caption"
          rows={3}
          maxLength={CAPTION_MAX}
          value={caption}
          onChange={(event) => {
            setCaption(event.target.value)
          }}
        />
        <p className="field__hint">
          {caption.length}/{CAPTION_MAX}
        </p>
      </div>
      <FormError message={failure} />
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={upload.uploading || createPost.isPending}>
          {createPost.isPending ? "Publishing…" : upload.uploading ? "Uploading…" : "Publish"}
        </button>
      </div>
    </form>
  )
}

/** Create post: a photo of the fit, the product it shows (from the shopper's orders) and an optional caption. */
export function CreatePostDialog({ open, productId = null, onClose, onCreated }: CreatePostDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Create post" closeButton className="dialog--form">
      {open ? <CreatePostForm productId={productId} onClose={onClose} onCreated={onCreated} /> : null}
    </Dialog>
  )
}
