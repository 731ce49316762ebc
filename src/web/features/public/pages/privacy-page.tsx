import { PageHeading } from '../../../components/page-heading';

export function PrivacyPage() {
  return (
    <div className="container-page py-10">
      <PageHeading title="Privacy Policy" />
      <div className="prose-page">
        <p>We collect only what we need to run your account, process your orders and meet our legal obligations.</p>
        <h2>What we collect</h2>
        <p>
          Your name, username, email, phone number, order details and, when you verify your identity, your ID details and
          documents.
        </p>
        <h2>How we protect it</h2>
        <p>
          Identity documents are stored privately and can only be viewed by authorised compliance staff; every view is recorded.
          We never sell your data.
        </p>
        <h2>Your browser</h2>
        <p>
          We keep a small copy of your profile in your browser so the app opens quickly. It is deleted when you log out, so
          remember to log out on shared computers.
        </p>
      </div>
    </div>
  );
}
