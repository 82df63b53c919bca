import { Link } from "react-router-dom"
import { BRAND_NAME, TAGLINE } from "@/config/brand"
import { paths } from "@/config/paths"

/** The spec's two buttons are links drawn as buttons: they work before the page's script runs, and crawlers follow them. */
export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-heading">
      <h1 id="hero-heading" className="hero__title">
        {TAGLINE} with <span className="accent">{BRAND_NAME}</span>
      </h1>
      <div className="hero__actions">
        <Link to={`${paths.shop}?g=MEN`} className="button button--primary">
          Shop for Mens
        </Link>
        <Link to={`${paths.shop}?g=WOMEN`} className="button">
          Shop for Womens
        </Link>
      </div>
      <Link to={paths.fitfeed} className="text-link">
        Explore FitFeed
      </Link>
    </section>
  )
}
