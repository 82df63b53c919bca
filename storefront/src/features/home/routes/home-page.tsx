import { BestSellers } from "../components/best-sellers"
import { CategoryPicker } from "../components/category-picker"
import { FitfeedLive } from "../components/fitfeed-live"
import { Hero } from "../components/hero"
import { HomeFooter } from "../components/home-footer"
import { Marquee } from "../components/marquee"
import "../home.css"

export function HomePage() {
  return (
    <div className="page page--home">
      <Hero />
      <Marquee />
      <CategoryPicker />
      <BestSellers />
      <FitfeedLive />
      <HomeFooter />
    </div>
  )
}
