import { TAGLINE } from "@/config/brand"
import { EarlyAccessForm } from "./early-access-form"
import { LiveDropBadge } from "./live-drop-badge"

const SOCIAL_LINKS = [
  { label: "Instagram", href: "https://instagram.com" },
  { label: "YouTube", href: "https://youtube.com" },
  { label: "X", href: "https://x.com" },
] as const

export function HomeFooter() {
  return (
    <footer className="home-footer">
      <div className="home-footer__brand">
        <p className="home-footer__tagline">{TAGLINE}</p>
        <LiveDropBadge />
        <ul className="home-footer__social" aria-label="Social">
          {SOCIAL_LINKS.map((link) => (
            <li key={link.href}>
              <a href={link.href} target="_blank" rel="noopener noreferrer" className="text-link">
                {link.label}
                <span className="home-visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
      <EarlyAccessForm />
    </footer>
  )
}
