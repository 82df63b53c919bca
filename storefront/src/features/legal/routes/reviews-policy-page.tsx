import { FIT_VERDICT_MIN_BUYERS } from "@fitshop/contracts"
import { GrievanceOfficer, LegalLink, LegalPage } from "../components/legal-page"

/** /reviews-policy: how reviews are collected, counted, moderated and withdrawn, as IS 19000:2022 asks a shop to say. */
export function ReviewsPolicyPage() {
  return (
    <LegalPage page="reviews">
      {(info) => (
        <>
          <p>{info.seller.legalName} collects, moderates and shows product reviews following the Indian Standard IS 19000:2022 on online consumer reviews.</p>

          <h2 className="legal-heading">Who can review</h2>
          <p>
            Only shoppers whose order was delivered and who kept the piece can review it: a piece returned in full cannot be reviewed. Each shopper can review a
            product once. Every review comes from such a purchase and is shown as &ldquo;Verified buyer&rdquo;.
          </p>

          <h2 className="legal-heading">What a review shows</h2>
          <p>
            The rating (1 to 5 stars), how the piece fits (runs small, true to size or runs large), the size bought, the date it was written, and the
            author&apos;s public FITFEED handle, with the text and photo the author chose to add.
          </p>

          <h2 className="legal-heading">How ratings are counted</h2>
          <ul className="legal-list">
            <li>
              A product&apos;s rating is the average of all its visible reviews, to one decimal, negative ones included, with the number of ratings beside it.
              Until a product has its first review, no rating is shown.
            </li>
            <li>
              The fit advice (for example &ldquo;Runs small&rdquo;) appears once {FIT_VERDICT_MIN_BUYERS} buyers have told us how the product fits: from the fit
              answers in their reviews, and from size exchanges and returns made because the size didn&apos;t fit. It shows how many buyers it is based on.
            </li>
          </ul>

          <h2 className="legal-heading">Moderation</h2>
          <ul className="legal-list">
            <li>Any signed-in shopper can report a review.</li>
            <li>
              Reports from trusted accounts (with an order paid or delivered, or older than 7 days) count: after three of them, the review is hidden until our
              staff have looked at it.
            </li>
            <li>
              Our staff hide a review only for one of these reasons: it is unlawful; it is abusive or hateful; it shares personal data; it is not about the
              product; it is spam or paid promotion.
            </li>
            <li>We never edit the words of a review, and we never hide a review for being negative.</li>
            <li>When a review is hidden, we tell its author by e-mail, with the reason.</li>
          </ul>

          <h2 className="legal-heading">Incentives</h2>
          <p>
            We don&apos;t pay for reviews or give Dark Coins for them. If that ever changes, every review that was rewarded will say what its author was given.
          </p>

          <h2 className="legal-heading">Editing and withdrawing</h2>
          <p>The author can edit or withdraw their review at any time from the product&apos;s page. Returning the piece in full withdraws its review.</p>

          <h2 className="legal-heading">Invitations to review</h2>
          <p>
            A few days after delivery we send one e-mail inviting you to review what you kept, and only if you accepted marketing e-mails. We send it once per
            order.
          </p>

          <h2 className="legal-heading">Complaints</h2>
          <p>
            If you think a review was wrongly shown, hidden or withdrawn, write to our grievance officer (see <LegalLink to="contact" />
            ).
          </p>
          <GrievanceOfficer officer={info.grievanceOfficer} />
        </>
      )}
    </LegalPage>
  )
}
