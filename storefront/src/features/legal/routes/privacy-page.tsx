import { Link } from "react-router-dom"
import { GrievanceOfficer, LegalLink, LegalPage, SellerDetails } from "../components/legal-page"

const ACCOUNT_PATH = "/account"

/** /privacy: what is kept, why, for how long, who it is shared with, and the rights the DPDP Act 2023 gives. */
export function PrivacyPage() {
  return (
    <LegalPage page="privacy">
      {(info) => (
        <>
          <p>
            This notice says what personal data {info.seller.legalName} (&ldquo;we&rdquo;) keeps about you, why, for how long and who else sees it, and how you
            use your rights under the Digital Personal Data Protection Act, 2023. We are the data fiduciary:
          </p>
          <SellerDetails seller={info.seller} />

          <h2 className="legal-heading">What we keep, and why</h2>
          <ul className="legal-list">
            <li>
              <strong>Your account</strong>: name, e-mail address, @handle, profile photo and phone number if you add them. To sign you in, confirm your e-mail
              address and show your FITFEED profile. Your password is stored only as a one-way hash.
            </li>
            <li>
              <strong>Your orders</strong>: what you bought, delivery addresses and phone, how you paid (never your card or UPI details, which only the payment
              gateway sees), deliveries, returns and refunds. To deliver, take returns, refund and keep the accounts and tax records the law requires.
            </li>
            <li>
              <strong>Your bag, wardrobe, Dark Coins and FITFEED activity</strong>: items saved, coins earned and spent, posts, likes, comments, follows and
              reports. To run those features for you.
            </li>
            <li>
              <strong>Sign-in and security records</strong>: sessions, the browser and network address they came from, and rate-limit counters. To keep your
              account safe and the shop working.
            </li>
            <li>
              <strong>Marketing messages</strong>: only if you chose to receive them, a separate choice at sign-up, off unless you tick it.
            </li>
          </ul>

          <h2 className="legal-heading">How long</h2>
          <ul className="legal-list">
            <li>Your account and what you saved, for as long as you keep the account.</li>
            <li>A sign-up whose e-mail was never confirmed: 24 hours. Sign-in sessions: at most 60 days.</li>
            <li>
              Orders, invoices and credit notes: as long as GST and income-tax law requires accounts to be kept (72 months from the due date of the annual
              return for the year), even after you delete your account.
            </li>
          </ul>

          <h2 className="legal-heading">Who we share it with</h2>
          <ul className="legal-list">
            <li>Razorpay, our payment gateway: your order&apos;s amount, e-mail and phone, to take and refund payments.</li>
            <li>Shiprocket and its courier partners: your name, delivery address, phone and parcel, to deliver and pick up returns.</li>
            <li>Our e-mail provider: your e-mail address and the messages we send you (codes, order updates).</li>
            <li>Authorities, only when the law requires it.</li>
          </ul>
          <p>We do not sell your data.</p>

          <h2 className="legal-heading">Your rights</h2>
          <ul className="legal-list">
            <li>
              <strong>Withdraw consent</strong> as easily as you gave it: turn marketing messages off in{" "}
              <Link className="text-link" to={ACCOUNT_PATH}>
                your account
              </Link>{" "}
              › Profile.
            </li>
            <li>
              <strong>See and take your data</strong>: the export in your account › Profile downloads everything we keep about you.
            </li>
            <li>
              <strong>Correct</strong> your name, photo and phone in your account › Profile.
            </li>
            <li>
              <strong>Erase</strong>: delete your account in your account › Profile. We then erase your data, except orders and tax records the law makes us
              keep.
            </li>
            <li>
              <strong>Complain</strong> to our grievance officer first; if you are not satisfied with the answer, you may complain to the Data Protection Board
              of India.
            </li>
          </ul>
          <GrievanceOfficer officer={info.grievanceOfficer} />
          <p>
            More ways to reach us are on the <LegalLink to="contact" /> page.
          </p>
        </>
      )}
    </LegalPage>
  )
}
