import { GrievanceOfficer, LegalPage, SellerDetails } from "../components/legal-page"

/** /contact: customer care, and the grievance officer with the times the law sets. */
export function ContactPage() {
  return (
    <LegalPage page="contact">
      {(info) => (
        <>
          <h2 className="legal-heading">Customer care</h2>
          <dl className="legal-facts">
            <dt>E-mail</dt>
            <dd>
              <a className="text-link" href={`mailto:${info.customerCare.email}`}>
                {info.customerCare.email}
              </a>
            </dd>
            <dt>Phone</dt>
            <dd>
              <a className="text-link" href={`tel:${info.customerCare.phone.replace(/[\s-]/g, "")}`}>
                {info.customerCare.phone}
              </a>
            </dd>
          </dl>

          <h2 className="legal-heading">Grievances</h2>
          <p>
            If customer care did not solve your problem, or your complaint is about your personal data, write to our grievance officer. We acknowledge every
            complaint within 48 hours and resolve it within one month of receiving it.
          </p>
          <GrievanceOfficer officer={info.grievanceOfficer} />

          <h2 className="legal-heading">Who we are</h2>
          <SellerDetails seller={info.seller} />
        </>
      )}
    </LegalPage>
  )
}
