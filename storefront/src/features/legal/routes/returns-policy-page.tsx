import { formatPaise } from "@fitshop/contracts"
import { LegalLink, LegalPage } from "../components/legal-page"

/** /returns-policy: the window, what comes back and how, the COD fee, and size exchanges. */
export function ReturnsPolicyPage() {
  return (
    <LegalPage page="returns">
      {(info) => (
        <>
          <h2 className="legal-heading">The window</h2>
          <p>
            You can return or exchange a product within {info.returnWindowDays} days of its delivery, from your account › Orders. Products marked as not
            returnable on their page cannot be returned, unless they arrived damaged or wrong (write to us: <LegalLink to="contact" />
            ).
          </p>

          <h2 className="legal-heading">How</h2>
          <p>
            Choose the items, the reason and the pickup address. Our courier picks the parcel up from you; keep the product unworn, unwashed and with its tags.
            You can follow each return in your account.
          </p>

          <h2 className="legal-heading">What comes back</h2>
          <ul className="legal-list">
            <li>Paid online: what you paid for the items goes back to the same payment method once the parcel reaches our warehouse.</li>
            <li>Dark Coins you spent on the items come back as Dark Coins.</li>
            <li>
              Paid in cash on delivery: the items&apos; value comes back as Dark Coins (10 for each rupee) in your wallet. The cash on delivery fee (
              {formatPaise(info.codFee)}) is not refunded.
            </li>
          </ul>

          <h2 className="legal-heading">Exchanges</h2>
          <p>
            To change a size, ask for an exchange instead of a return: the new size is held for you at once, and ships free of charge when the courier picks up
            the old one. If the size you want is sold out, return the item instead.
          </p>
        </>
      )}
    </LegalPage>
  )
}
