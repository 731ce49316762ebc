import { PageHeading } from '../../../components/page-heading';

export function AboutPage() {
  return (
    <div className="container-page py-10">
      <PageHeading title="About CediCrypto" />
      <div className="prose-page">
        <p>
          CediCrypto is a cryptocurrency broker built for Ghana. We make it simple to buy and sell popular cryptocurrencies
          with Ghana cedis or US dollars, paying and getting paid through mobile money or a bank account.
        </p>
        <h2>What we believe</h2>
        <p>
          Crypto should be easy to understand and fairly priced. Every price is shown before you confirm, our service fee is
          a flat 2.5%, and our support team is here when you need a person to talk to.
        </p>
        <h2>Safe by design</h2>
        <p>
          We verify the identity of our customers (KYC), keep identity documents private, and record every staff action in an
          audit log. New customers can trade up to $20 before verification.
        </p>
      </div>
    </div>
  );
}
