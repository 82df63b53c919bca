import type { ReactNode } from "react"
import { Link } from "react-router-dom"
import { LoadingLine, ReadError } from "@/components/ui/read-status"
import { useDocumentMeta } from "@/lib/document-meta"
import { LEGAL_PAGES, legalPageMeta, type LegalInfo, type LegalPageKey } from "@fitshop/contracts"
import { useLegalInfo } from "../api/get-legal-info"
import "../legal.css"

const LOAD_FAILED = "We couldn't load this page. Please try again."

/**
 * A policy page: its heading, and its text once the settings' facts are here (they come inside the page's HTML when
 * it is opened from a link, so it is painted by the server, readable without JavaScript).
 */
export function LegalPage({ page, children }: { page: LegalPageKey; children: (info: LegalInfo) => ReactNode }) {
  useDocumentMeta(legalPageMeta(page))
  const { data, error } = useLegalInfo()
  return (
    <article className="page legal-page">
      <h1 className="page-title">{LEGAL_PAGES[page].name}</h1>
      {data ? children(data) : error ? <ReadError error={error} fallback={LOAD_FAILED} /> : <LoadingLine>Loading…</LoadingLine>}
    </article>
  )
}

/** Who sells, as the Consumer Protection (E-Commerce) Rules 2020 ask every page that sells to say it. */
export function SellerDetails({ seller }: { seller: LegalInfo["seller"] }) {
  return (
    <dl className="legal-facts">
      <dt>Seller</dt>
      <dd>{seller.legalName}</dd>
      <dt>Registered address</dt>
      <dd>{seller.address}</dd>
      <dt>GSTIN</dt>
      <dd>{seller.gstin}</dd>
    </dl>
  )
}

/** The grievance officer and how to reach them. */
export function GrievanceOfficer({ officer }: { officer: LegalInfo["grievanceOfficer"] }) {
  return (
    <dl className="legal-facts">
      <dt>Grievance officer</dt>
      <dd>{officer.name}</dd>
      <dt>E-mail</dt>
      <dd>
        <a className="text-link" href={`mailto:${officer.email}`}>
          {officer.email}
        </a>
      </dd>
      <dt>Phone</dt>
      <dd>
        <a className="text-link" href={`tel:${officer.phone.replace(/[\s-]/g, "")}`}>
          {officer.phone}
        </a>
      </dd>
    </dl>
  )
}

/** A link to another policy page, by its name. */
export function LegalLink({ to }: { to: LegalPageKey }) {
  return (
    <Link className="text-link" to={LEGAL_PAGES[to].path}>
      {LEGAL_PAGES[to].name}
    </Link>
  )
}
