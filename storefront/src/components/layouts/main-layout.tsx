import { Suspense, useEffect, useState, type ReactNode } from "react"
import { Link, NavLink, Outlet, useLocation } from "react-router-dom"
import { TAGLINE } from "@/config/brand"
import { MAIN_NAV, MOBILE_BOTTOM_BAR_COUNT, isAdminPath, paths, type NavItem } from "@/config/paths"
import { RouteErrorBoundary } from "@/components/ui/route-error-boundary"
import { RouteLoading } from "@/components/ui/route-loading"
import { useBagCount } from "@/lib/api/get-cart"
import { SiteFooter } from "./site-footer"

const navLinkClass = ({ isActive }: { isActive: boolean }) => (isActive ? "nav-link is-active" : "nav-link")

const bottomBarItems = MAIN_NAV.slice(0, MOBILE_BOTTOM_BAR_COUNT)
const mobileMenuItems = MAIN_NAV.slice(MOBILE_BOTTOM_BAR_COUNT)

/** A navigation entry; CART carries the signed-in shopper's bag count when there is one. */
function NavEntry({ item, bagCount }: { item: NavItem; bagCount: number }) {
  return (
    <>
      {item.label}
      {item.to === paths.cart && bagCount > 0 ? <span className="nav-count">{` ${String(bagCount)}`}</span> : null}
    </>
  )
}

function Wordmark() {
  return (
    <Link to={paths.home} className="wordmark">
      {TAGLINE}
    </Link>
  )
}

function SiteHeader({ search }: { search: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false)
  const bagCount = useBagCount()
  const closeMenu = () => {
    setMenuOpen(false)
  }
  // Escape closes the open menu wherever the focus is.
  useEffect(() => {
    if (!menuOpen) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false)
    }
    document.addEventListener("keydown", onKeyDown)
    return () => document.removeEventListener("keydown", onKeyDown)
  }, [menuOpen])

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Wordmark />
        <nav className="desktop-nav" aria-label="Main">
          {MAIN_NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === paths.home} className={navLinkClass}>
              <NavEntry item={item} bagCount={bagCount} />
            </NavLink>
          ))}
        </nav>
        {search}
        <button
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => {
            setMenuOpen((open) => !open)
          }}
        >
          <span className="menu-button__bars" aria-hidden="true" />
        </button>
      </div>
      {menuOpen ? (
        <nav id="mobile-menu" className="mobile-menu" aria-label="Menu">
          {mobileMenuItems.map((item) => (
            <NavLink key={item.to} to={item.to} className={navLinkClass} onClick={closeMenu}>
              <NavEntry item={item} bagCount={bagCount} />
            </NavLink>
          ))}
        </nav>
      ) : null}
    </header>
  )
}

function BottomBar() {
  return (
    <nav className="bottom-bar" aria-label="Quick">
      {bottomBarItems.map((item) => (
        <NavLink key={item.to} to={item.to} end={item.to === paths.home} className={navLinkClass}>
          {item.label}
        </NavLink>
      ))}
    </nav>
  )
}

type MainLayoutProps = {
  /** The header's search box: a feature's, handed in by the route map (shared components import no feature). */
  search?: ReactNode
}

/** Page frame with the main navigation and the policies' footer, which admin routes do without. */
export function MainLayout({ search = null }: MainLayoutProps) {
  const { pathname } = useLocation()
  const showNavigation = !isAdminPath(pathname)

  return (
    <div className={showNavigation ? "app-shell" : "app-shell app-shell--bare"}>
      {showNavigation ? <SiteHeader search={search} /> : null}
      <main className="app-main">
        <RouteErrorBoundary pathname={pathname}>
          <Suspense fallback={<RouteLoading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      {showNavigation ? <SiteFooter /> : null}
      {showNavigation ? <BottomBar /> : null}
    </div>
  )
}
