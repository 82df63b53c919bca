import { Link } from "react-router-dom"
import { paths } from "@/config/paths"
import type { Review } from "@fitshop/contracts"

/** The reviews' photos in a strip; a photo from a FITFEED post opens that post. */
export function ReviewPhotos({ reviews }: { reviews: Review[] }) {
  const withPhotos = reviews.filter((review) => review.photo !== null)
  if (withPhotos.length === 0) return null
  return (
    <ul className="review-photos" aria-label="Shoppers' photos">
      {withPhotos.map((review) => {
        const image = <img src={review.photo?.thumbnailUrl} alt={`From @${review.author.handle}'s review`} loading="lazy" width={96} height={120} />
        return (
          <li key={review.id}>
            {review.postId ? (
              <Link to={paths.fitfeedPost(review.postId)} aria-label={`@${review.author.handle}'s FITFEED post`}>
                {image}
              </Link>
            ) : (
              image
            )}
          </li>
        )
      })}
    </ul>
  )
}
