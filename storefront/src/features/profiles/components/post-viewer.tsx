import { useState } from "react"
import { Dialog } from "@/components/ui/dialog"
import { LoadingLine, ReadError } from "@/components/ui/read-status"
import { CommentsModal, PostCard } from "@/features/fitfeed"
import { useGoToSignIn } from "@/hooks/use-go-to-sign-in"
import type { Post } from "@fitshop/contracts"
import { usePost } from "@/lib/api/get-post"
import { useProfilePosts } from "../api/get-profile-posts"

type PostViewerProps = {
  profileKey: string
  postId: string
  onClose: () => void
}

/**
 * The full-screen viewer of one post: taken from the grid's loaded pages, else asked for by id (a
 * shared ?pv= link may name an older post). Signed-out likes and comments go to sign-in and come back.
 */
export function PostViewer({ profileKey, postId, onClose }: PostViewerProps) {
  const posts = useProfilePosts(profileKey)
  const inGrid = posts.data?.pages.flatMap((page) => page.posts).find((post) => post.id === postId)
  const single = usePost(postId, { enabled: !inGrid && !posts.isPending })
  const post = inGrid ?? single.data?.post
  const [commentsFor, setCommentsFor] = useState<Post | null>(null)
  const goToSignIn = useGoToSignIn()

  const body = () => {
    if (post) {
      return (
        <PostCard
          post={post}
          onOpenComments={setCommentsFor}
          onRequireSignIn={() => {
            goToSignIn()
          }}
        />
      )
    }
    if (single.isError) {
      return <ReadError error={single.error} fallback="Something went wrong" />
    }
    return <LoadingLine>Loading…</LoadingLine>
  }

  return (
    <>
      <Dialog open onClose={onClose} title="Post" className="post-viewer" closeButton>
        <div className="post-viewer__body">{body()}</div>
      </Dialog>
      {commentsFor ? (
        <CommentsModal
          post={commentsFor}
          open
          onClose={() => {
            setCommentsFor(null)
          }}
        />
      ) : null}
    </>
  )
}
