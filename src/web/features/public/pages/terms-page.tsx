import { Link } from '#web/lib/router.js';
import { PageHeading } from '#web/components/page-heading.js';
import { useServiceFeeLabel } from '#web/lib/market.js';
import { paths } from '#web/lib/paths.js';

export function TermsPage() {
  const fee = useServiceFeeLabel();
  return (
    <div className="container-page py-10">
      <PageHeading title="Terms of Service" />
      <div className="prose-page">
        <p>By creating an account or placing an order with CediCrypto you agree to these terms.</p>
        <h2>Your account</h2>
        <p>
          You must be at least 18 years old, give accurate information and keep your password secret. You are responsible for activity on
          your account. We may suspend accounts that break these terms or the law.
        </p>
        <h2>Orders, prices and fees</h2>
        <p>
          We charge a flat {fee} service fee, already included in the buy and sell prices you see. Prices are quoted by our system when you
          place an order and are valid for a short time. Orders are processed after we receive and confirm your mobile money or bank
          payment, or your crypto transfer. Crypto transfers cannot be reversed: check wallet addresses carefully.
        </p>
        <h2>Trading limits and verification</h2>
        <p>
          Unverified customers may trade up to $20 in total. Verified customers trade within the daily and monthly limits of their
          verification tier (Tier 1: phone, Ghana Card or passport and a selfie; Tier 2: also a proof of address and the source of funds),
          shown on the Verification page; we review submissions within 24-48 hours. While a verification is pending, you can keep trading
          within that $20. We may ask for more information to meet our legal obligations.
        </p>
        <h2>Risk</h2>
        <p>Cryptocurrency prices change quickly and you may lose money. Only trade what you can afford to lose.</p>
        <h2>Your data</h2>
        <p>
          We handle your personal data as described in our <Link to={paths.privacy.getHref()}>Privacy Policy</Link>, in line with Ghana’s
          Data Protection Act, 2012.
        </p>
        <h2>Support</h2>
        <p>
          If something goes wrong with an order, <Link to={paths.contact.getHref()}>contact our support team</Link>. We reply within 24
          business hours.
        </p>
      </div>
    </div>
  );
}
