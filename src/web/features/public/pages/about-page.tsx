import type { ReactNode } from 'react';
import { Link } from '#web/lib/router.js';
import { COMPANY_LABELS, telHref, whatsappHref, type TCompanyDetails } from '#shared/company.js';
import { PageHeading } from '#web/components/page-heading.js';
import { useContactContent } from '#web/lib/contact-content.js';
import { useServiceFeeLabel } from '#web/lib/market.js';
import { paths } from '#web/lib/paths.js';

/**
 * Who runs the broker (issue 16), as set on Manage Contact Page: each detail that is set, none
 * made up; nothing until the company's name is set.
 */
function WhoWeAre({ company }: { company: TCompanyDetails }) {
  if (!company.companyName) return null;
  const whatsapp = company.whatsappNumber ? whatsappHref(company.whatsappNumber) : null;
  const rows: [string, ReactNode][] = [
    [COMPANY_LABELS.companyName, company.companyName],
    [COMPANY_LABELS.registrationNumber, company.registrationNumber],
    [COMPANY_LABELS.licenceNumber, company.licenceNumber],
    [COMPANY_LABELS.streetAddress, company.streetAddress],
    [
      COMPANY_LABELS.supportEmail,
      company.supportEmail && (
        <a href={`mailto:${company.supportEmail}`} className="underline">
          {company.supportEmail}
        </a>
      ),
    ],
    [
      COMPANY_LABELS.supportPhone,
      company.supportPhone && (
        <a href={telHref(company.supportPhone)} className="underline">
          {company.supportPhone}
        </a>
      ),
    ],
    [
      COMPANY_LABELS.whatsappNumber,
      company.whatsappNumber &&
        (whatsapp ? (
          <a href={whatsapp} className="underline" target="_blank" rel="noopener noreferrer">
            {company.whatsappNumber}
          </a>
        ) : (
          company.whatsappNumber
        )),
    ],
  ];
  return (
    <>
      <h2>Who we are</h2>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        {rows
          .filter(([, value]) => Boolean(value))
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-900">{label}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
      </dl>
    </>
  );
}

export function AboutPage() {
  const fee = useServiceFeeLabel();
  const { data: content } = useContactContent();
  return (
    <div className="container-page py-10">
      <PageHeading title="About CediCrypto" />
      <div className="prose-page">
        <p>
          CediCrypto is a cryptocurrency broker built for Ghana. We make it simple to buy and sell popular cryptocurrencies such as Bitcoin,
          Ethereum and USDT with Ghana cedis or US dollars, paying and getting paid through mobile money (MTN MoMo, Telecel Cash, AirtelTigo
          Money) or a bank account.
        </p>
        <h2>What we believe</h2>
        <p>
          Crypto should be easy to understand and fairly priced. Every price is shown in GHS and USD before you confirm, our service fee is
          a flat {fee} already included in the buy and sell prices, and our support team is here when you need a person to talk to.
        </p>
        <h2>How it works</h2>
        <p>
          You place an order at a price our system quotes, pay by mobile money or bank transfer (or send us the crypto when you sell), and
          our team completes the order once the payment or transfer is confirmed. You can follow every order in your history.
        </p>
        <h2>Safe by design</h2>
        <p>
          We verify the identity of our customers (KYC) as the law requires. New customers can trade up to $20 in total before verification;
          we review verification documents within 24-48 hours. Identity documents are stored privately, only authorised compliance staff can
          view them, and every staff action is recorded in an audit log.
        </p>
        {content && <WhoWeAre company={content} />}
        <h2>Talk to us</h2>
        <p>
          Questions or feedback? Visit our <Link to={paths.contact.getHref()}>contact page</Link> or read the{' '}
          <Link to={paths.faq.getHref()}>frequently asked questions</Link>. We reply within 24 business hours.
        </p>
      </div>
    </div>
  );
}
