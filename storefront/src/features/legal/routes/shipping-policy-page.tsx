import { formatPaise } from "@fitshop/contracts"
import { LegalLink, LegalPage } from "../components/legal-page"

/** /shipping-policy: where and how fast the shop delivers, cash on delivery, and tracking. */
export function ShippingPolicyPage() {
  return (
    <LegalPage page="shipping">
      {(info) => (
        <>
          <h2 className="legal-heading">Where we deliver</h2>
          <p>
            Across India, through Shiprocket&apos;s courier partners. Enter your pincode on a product page or at checkout to see whether we deliver there, by
            when, and whether cash on delivery is available. We never take an order for a pincode no courier reaches.
          </p>

          <h2 className="legal-heading">What it costs</h2>
          <p>Standard delivery is free. Cash on delivery adds {formatPaise(info.codFee)}, shown as its own line before you order.</p>

          <h2 className="legal-heading">When it arrives</h2>
          <p>
            We hand your order to the courier as soon as it is packed; the delivery date shown before you order is the courier&apos;s estimate for your pincode.
            Once it ships, your account › Orders shows the courier, the tracking number and a tracking link, and we e-mail you when it ships and when it is
            delivered.
          </p>

          <h2 className="legal-heading">If something goes wrong</h2>
          <p>
            If a parcel is late, damaged or lost, write to customer care (see <LegalLink to="contact" />
            ).
          </p>
        </>
      )}
    </LegalPage>
  )
}
