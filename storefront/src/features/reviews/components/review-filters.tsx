import { SegmentedControl } from "@/components/ui/segmented-control"
import type { ReviewFilter } from "../api/review-keys"

const ALL = "all"

const STAR_OPTIONS = [
  { value: ALL, label: "All" },
  ...[5, 4, 3, 2, 1].map((stars) => ({ value: String(stars), label: `${String(stars)} ${stars === 1 ? "star" : "stars"}` })),
]

/** Only one number of stars, and only reviews with a photo. */
export function ReviewFilters({ value, onChange }: { value: ReviewFilter; onChange: (filter: ReviewFilter) => void }) {
  return (
    <div className="review-filters">
      <SegmentedControl
        label="Show reviews with"
        className="chips"
        optionClassName="chip"
        options={STAR_OPTIONS}
        value={value.rating === null ? ALL : String(value.rating)}
        onChange={(choice) => {
          onChange({ ...value, rating: choice === ALL ? null : Number(choice) })
        }}
      />
      <button
        type="button"
        className="chip"
        aria-pressed={value.photo}
        onClick={() => {
          onChange({ ...value, photo: !value.photo })
        }}
      >
        With photos
      </button>
    </div>
  )
}
