import { Link } from 'react-router';
import type { TKycStatus } from '../../../../shared/contracts/account.js';
import { Alert } from '../../../components/ui/alert';
import { paths } from '../../../lib/paths';

/** Spec section 4: unverified and pending customers see the $20 limit; verified see nothing. */
export function KycBanner({ status }: { status: TKycStatus }) {
  if (status === 'verified') return null;
  if (status === 'pending') {
    return (
      <Alert variant="info">
        Your identity verification is under review. We usually reply within 24-48 hours; trading is paused until then.
      </Alert>
    );
  }
  if (status === 'rejected') {
    return (
      <Alert variant="warning">
        Your identity verification was not approved. <Link to={paths.kyc.getHref()}>Submit your documents again</Link>
      </Alert>
    );
  }
  return (
    <Alert variant="warning">
      Your account has a $20 trading limit until you verify your identity.{' '}
      <Link to={paths.kyc.getHref()}>Verify your identity</Link>
    </Alert>
  );
}
