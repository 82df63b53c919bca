const MARQUEE_ITEMS = ["PREMIUM • STREETWEAR", "LIMITED • DROPS", "UPPERS", "LOWERS", "FITFEED • LIVE"] as const

function MarqueeGroup({ hidden = false }: { hidden?: boolean }) {
  return (
    <ul className="home-marquee__group" aria-hidden={hidden ? true : undefined}>
      {MARQUEE_ITEMS.map((item) => (
        <li key={item} className="home-marquee__item">
          {item}
        </li>
      ))}
    </ul>
  )
}

/** A ticker that loops by sliding two identical groups; the copy is hidden from screen readers. */
export function Marquee() {
  return (
    <div className="home-marquee">
      <div className="home-marquee__track">
        <MarqueeGroup />
        <MarqueeGroup hidden />
      </div>
    </div>
  )
}
