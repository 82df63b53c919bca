import { formatPaise } from "@fitshop/contracts"
import { LegalLink, LegalPage, SellerDetails } from "../components/legal-page"

/** /terms: the terms on which the shop sells, and who sells. */
export function TermsPage() {
  return (
    <LegalPage page="terms">
      {(info) => (
        <>
          <p>
            These terms apply when you use this shop or buy from it. By placing an order you accept them. The seller of every product on this shop is{" "}
            {info.seller.legalName}:
          </p>
          <SellerDetails seller={info.seller} />

          <h2 className="legal-heading">Your account</h2>
          <p>
            You need an account to buy, keep a wardrobe or post on FITFEED. Keep your password to yourself; you are responsible for what is done with your
            account. You can change your profile, export your data or delete your account from your account page (see the <LegalLink to="privacy" />
            ).
          </p>

          <h2 className="legal-heading">Products, prices and orders</h2>
          <p>
            Prices are in Indian rupees and include GST. We describe and photograph every product as accurately as we can; sizes come with their measurements.
            An order is a contract once we confirm it; we may cancel an order we cannot fulfil (for example, the last unit was sold at the same moment), and
            then refund everything you paid.
          </p>

          <h2 className="legal-heading">Payment</h2>
          <p>
            You can pay online (UPI, card, netbanking, wallets) through our payment gateway, Razorpay, or in cash on delivery where the courier collects it.
            Cash on delivery adds a fee of {formatPaise(info.codFee)}, shown as its own line before you order. Dark Coins you earned can reduce the price (10
            Dark Coins are worth ₹1); they have no cash value outside the shop.
          </p>

          <h2 className="legal-heading">Delivery, returns and exchanges</h2>
          <p>
            We deliver across India as the <LegalLink to="shipping" /> page explains. You can return or exchange a product within {info.returnWindowDays} days
            of delivery, as the <LegalLink to="returns" /> page explains.
          </p>

          <h2 className="legal-heading">FITFEED</h2>
          <p>
            Only buyers can post a fit of a product they bought. What you post must be yours to share and must not be unlawful, hateful or someone else&apos;s
            private information. You keep the rights to your photos and give us permission to show them on the shop while they are posted; deleting a post
            removes it. Posts that shoppers report are hidden until our staff review them.
          </p>

          <h2 className="legal-heading">Complaints and the law</h2>
          <p>
            If something went wrong, write to customer care or to our grievance officer (see <LegalLink to="contact" />
            ). These terms are governed by the laws of India; nothing in them takes away the rights the Consumer Protection Act, 2019 gives you.
          </p>
        </>
      )}
    </LegalPage>
  )
}
