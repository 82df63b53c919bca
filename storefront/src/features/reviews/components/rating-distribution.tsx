import type { RatingDistribution as Distribution } from "@fitshop/contracts"

const BAR_WIDTH = 100

/**
 * How many reviews gave each number of stars, five first. Each row says it in words ("5 stars: 8"); the bar is an SVG
 * drawn by attributes, since the server's HTML may carry no inline style.
 */
export function RatingDistribution({ distribution, total }: { distribution: Distribution; total: number }) {
  return (
    <ul className="rating-bars" aria-label="Reviews by stars">
      {distribution.map(({ stars, count }) => (
        <li key={stars} className="rating-bars__row">
          <span className="rating-bars__label">{`${String(stars)} ${stars === 1 ? "star" : "stars"}`}</span>
          <svg className="rating-bars__bar" viewBox={`0 0 ${String(BAR_WIDTH)} 8`} preserveAspectRatio="none" aria-hidden="true">
            <rect className="rating-bars__track" width={BAR_WIDTH} height="8" rx="4" />
            <rect className="rating-bars__fill" width={total > 0 ? (count / total) * BAR_WIDTH : 0} height="8" rx="4" />
          </svg>
          <span className="rating-bars__count">{count.toLocaleString("en-IN")}</span>
        </li>
      ))}
    </ul>
  )
}
