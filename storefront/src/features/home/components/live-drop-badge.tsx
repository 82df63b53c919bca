import { Link } from "react-router-dom"
import { paths } from "@/config/paths"
import { useLiveDrop } from "@/lib/api/get-drops"

/** "Live drop now", linking to the first drop on sale; nothing while none is, or before GET /api/drops has said so. */
export function LiveDropBadge() {
  const { data: liveDrop } = useLiveDrop()
  if (!liveDrop) return null
  return (
    <Link to={paths.product(liveDrop.productId)} className="home-live-badge" aria-label={`Live drop now: ${liveDrop.title}`}>
      <span className="home-live-dot" aria-hidden="true" />
      Live drop now
    </Link>
  )
}
