import { Link } from "react-router-dom"
import { Page } from "@/components/ui/page"
import { paths } from "@/config/paths"
import { useDocumentMeta } from "@/lib/document-meta"
import { notFoundMeta } from "@fitshop/contracts"

const NOT_FOUND_META = notFoundMeta()

/** The 404 page, whose status the server render answers with. */
export function NotFoundPage() {
  useDocumentMeta(NOT_FOUND_META, 404)
  return (
    <Page title="404 - Page Not Found">
      <p className="muted">This page does not exist or has moved.</p>
      <Link to={paths.home} className="button">
        Back to home
      </Link>
    </Page>
  )
}
