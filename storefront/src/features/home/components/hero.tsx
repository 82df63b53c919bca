import { Link, useNavigate } from "react-router-dom"
import { BRAND_NAME, TAGLINE } from "@/config/brand"
import { paths } from "@/config/paths"

export function Hero() {
  const navigate = useNavigate()

  return (
    <section className="hero" aria-labelledby="hero-heading">
      <h1 id="hero-heading" className="hero__title">
        {TAGLINE} with <span className="accent">{BRAND_NAME}</span>
      </h1>
      <div className="hero__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            void navigate(`${paths.shop}?g=MEN`)
          }}
        >
          Shop for Mens
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            void navigate(`${paths.shop}?g=WOMEN`)
          }}
        >
          Shop for Womens
        </button>
      </div>
      <Link to={paths.fitfeed} className="text-link">
        Explore FitFeed
      </Link>
    </section>
  )
}
