import { Link } from "react-router-dom"
import { Page } from "@/components/ui/page"
import { paths } from "@/config/paths"

export function NotFoundPage() {
  return (
    <Page title="404 - Page Not Found">
      <p className="muted">This page does not exist or has moved.</p>
      <Link to={paths.home} className="button">
        Back to home
      </Link>
    </Page>
  )
}
