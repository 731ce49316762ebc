import { ComingSoon } from '../../../components/coming-soon';

export function KycPage() {
  return (
    <div className="container-page py-8">
      <ComingSoon title="Verify your identity" />
    </div>
  );
}
