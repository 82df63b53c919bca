import { useDocumentMeta } from "@/lib/document-meta"
import { homeMeta } from "@fitshop/contracts"
import { BestSellers } from "../components/best-sellers"
import { CategoryPicker } from "../components/category-picker"
import { FitfeedLive } from "../components/fitfeed-live"
import { Hero } from "../components/hero"
import { HomeFooter } from "../components/home-footer"
import { Marquee } from "../components/marquee"
import "../home.css"

const HOME_META = homeMeta()

export function HomePage() {
  useDocumentMeta(HOME_META)
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
