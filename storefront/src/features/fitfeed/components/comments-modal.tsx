import { COMMENT_MAX } from "@fitshop/contracts"
import { useId, useRef, useState, type FormEvent } from "react"
import { Link } from "react-router-dom"
import { Avatar } from "@/components/ui/avatar"
import { Dialog } from "@/components/ui/dialog"
import { FormError } from "@/components/ui/form-error"
import { ReadError } from "@/components/ui/read-status"
import { paths } from "@/config/paths"
import { errorMessage } from "@/lib/api-client"
import type { Comment, Post } from "@fitshop/contracts"
import { useAddComment } from "../api/add-comment"
import { useComments } from "../api/get-comments"
import { useDeleteComment } from "../api/delete-comment"
import { TimeAgo } from "./time-ago"
import "../post-card.css"

/** Spec section 9: rows shown while the comments load. */
export const COMMENT_PLACEHOLDER_ROWS = 4
/** The BFF's limit for one comment. */

export type CommentsModalProps = {
  post: Post
  open: boolean
  onClose(): void
}

function CommentRow({ comment, postId, onLeave }: { comment: Comment; postId: string; onLeave: () => void }) {
  const deleteComment = useDeleteComment(postId)
  const [error, setError] = useState<string | null>(null)
  const profile = paths.fitProfile(comment.user.handle ? `@${comment.user.handle}` : comment.user.id)

  return (
    <li className="comment" aria-label={`Comment by ${comment.user.name}`}>
      <Link to={profile} className="comment__avatar-link" onClick={onLeave} tabIndex={-1} aria-hidden="true">
        <Avatar user={comment.user} size={32} className="comment__avatar" />
      </Link>
      <div className="comment__body">
        <p className="comment__meta">
          <Link to={profile} className="comment__author" onClick={onLeave}>
            {comment.user.name}
          </Link>
          <TimeAgo iso={comment.createdAt} className="comment__time" />
        </p>
        <p className="comment__text">{comment.text}</p>
        <FormError message={error} />
      </div>
      {comment.canDelete ? (
        <button
          type="button"
          className="text-button comment__delete"
          disabled={deleteComment.isPending}
          onClick={() => {
            setError(null)
            deleteComment.mutate(comment.id, {
              onError: (failure) => {
                setError(errorMessage(failure, "Something went wrong"))
              },
            })
          }}
        >
          Delete
        </button>
      ) : null}
    </li>
  )
}

function CommentList({ post, onLeave }: { post: Post; onLeave: () => void }) {
  const comments = useComments(post.id)

  if (comments.isPending) {
    return (
      <ul className="comments__list" role="status" aria-label="Loading comments">
        {Array.from({ length: COMMENT_PLACEHOLDER_ROWS }, (_, index) => (
          <li key={index} className="comment comment--placeholder" aria-hidden="true">
            <span className="comment__avatar skeleton" />
            <span className="comment__body">
              <span className="skeleton skeleton--line skeleton--short" />
              <span className="skeleton skeleton--line" />
            </span>
          </li>
        ))}
      </ul>
    )
  }
  if (comments.isError) {
    return <ReadError error={comments.error} fallback="Failed to load comments" />
  }
  if (comments.data.comments.length === 0) return <p className="comments__empty muted">Be the first to comment.</p>
  return (
    <ul className="comments__list" aria-label="Comments">
      {comments.data.comments.map((comment) => (
        <CommentRow key={comment.id} comment={comment} postId={post.id} onLeave={onLeave} />
      ))}
    </ul>
  )
}

function CommentForm({ postId }: { postId: string }) {
  const [text, setText] = useState("")
  const [error, setError] = useState<string | null>(null)
  const addComment = useAddComment(postId)
  const inputId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const trimmed = text.trim()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!trimmed || addComment.isPending) return
    setError(null)
    addComment.mutate(trimmed, {
      onSuccess: () => {
        setText("")
        // The Post button was focused and went disabled while sending; back in the box, Escape closes again.
        inputRef.current?.focus()
      },
      onError: (failure) => {
        setError(errorMessage(failure, "Could not add comment"))
      },
    })
  }

  return (
    <form className="comments__form" onSubmit={submit}>
      <label htmlFor={inputId} className="fitfeed-sr-only">
        Add a comment
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="field__input comments__input"
        placeholder="Add a comment…"
        autoComplete="off"
        maxLength={COMMENT_MAX}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
        }}
      />
      <button type="submit" className="button button--primary" disabled={!trimmed || addComment.isPending}>
        Post
      </button>
      <FormError message={error} />
    </form>
  )
}

/** A post's comments, newest first, with a box to add one; the reader's own (or those on their post) can be deleted. */
export function CommentsModal({ post, open, onClose }: CommentsModalProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Comments" closeButton className="dialog--comments">
      {open ? (
        <>
          <CommentList post={post} onLeave={onClose} />
          <CommentForm postId={post.id} />
        </>
      ) : null}
    </Dialog>
  )
}
