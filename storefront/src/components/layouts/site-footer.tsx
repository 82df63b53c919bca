import { Link } from "react-router-dom"
import { LEGAL_PAGE_KEYS, LEGAL_PAGES } from "@fitshop/contracts"

/** Every page's footer: the policy pages the law asks a shop to show wherever it sells (terms, privacy, returns, shipping, contact). */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <nav aria-label="Policies">
        <ul className="site-footer__links">
          {LEGAL_PAGE_KEYS.map((key) => (
            <li key={key}>
              <Link to={LEGAL_PAGES[key].path} className="site-footer__link">
                {LEGAL_PAGES[key].name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  )
}
