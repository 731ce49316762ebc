import { PageHeading } from '../../../components/page-heading';

export function TermsPage() {
  return (
    <div className="container-page py-10">
      <PageHeading title="Terms of Service" />
      <div className="prose-page">
        <p>By creating an account or placing an order with CediCrypto you agree to these terms.</p>
        <h2>Your account</h2>
        <p>
          You must give accurate information and keep your password secret. You are responsible for activity on your account.
          We may suspend accounts that break these terms or the law.
        </p>
        <h2>Orders and prices</h2>
        <p>
          Prices include our service fee and are confirmed by our system when you place an order. Orders are processed after we
          receive and confirm your payment or your crypto transfer. Crypto transfers cannot be reversed: check wallet addresses
          carefully.
        </p>
        <h2>Trading limits and verification</h2>
        <p>
          Unverified customers may trade up to $20 in total. Completing identity verification (KYC) removes this limit. We may
          ask for more information to meet our legal obligations.
        </p>
        <h2>Risk</h2>
        <p>Cryptocurrency prices change quickly and you may lose money. Only trade what you can afford to lose.</p>
      </div>
    </div>
  );
}
