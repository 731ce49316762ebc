import { ComingSoon } from '../../../components/coming-soon';

export function BuyPage() {
  return (
    <div className="container-page py-8">
      <ComingSoon title="Buy crypto" />
    </div>
  );
}
