import { Link } from '#web/lib/router.js';
import { PageHeading } from '#web/components/page-heading.js';
import { paths } from '#web/lib/paths.js';

export function PrivacyPage() {
  return (
    <div className="container-page py-10">
      <PageHeading title="Privacy Policy" />
      <div className="prose-page">
        <p>
          We collect only what we need to run your account, process your orders and meet our legal obligations, and we handle your personal
          data in line with Ghana’s Data Protection Act, 2012 (Act 843).
        </p>
        <h2>What we collect</h2>
        <p>
          Your name, username, email, phone number and order details (amounts, payment method, payment and transaction IDs, wallet
          addresses). When you verify your identity we also collect your ID type and number, your address and photos of the front and back
          of your ID document.
        </p>
        <h2>Why we use it</h2>
        <p>
          To open and secure your account, process and confirm your orders, send you emails about your orders and verification, answer your
          support requests, and meet our know-your-customer (KYC) and anti-money-laundering obligations. We never sell your data or use it
          for advertising.
        </p>
        <h2>How we protect it</h2>
        <p>
          Identity documents are stored privately, never at a public address. Only authorised compliance staff can view them, and every view
          is recorded. Staff see only what their role needs, and every staff action is written to an audit log.
        </p>
        <h2>How long we keep it</h2>
        <p>
          We keep account, order and verification records for as long as your account is open and afterwards only as long as the law
          requires us to keep them.
        </p>
        <h2>Your rights</h2>
        <p>
          Under the Data Protection Act you may ask to see the personal data we hold about you, ask us to correct it, or object to how it is
          used. To do so, <Link to={paths.contact.getHref()}>contact our support team</Link>; we reply within 24 business hours.
        </p>
        <h2>Your browser</h2>
        <p>
          We keep a small copy of your profile and of the public market prices in your browser so the app opens quickly. Your profile copy
          is deleted when you log out, so remember to log out on shared computers.
        </p>
      </div>
    </div>
  );
}
