import { ComingSoon } from '../../../components/coming-soon';

export function SellPage() {
  return (
    <div className="container-page py-8">
      <ComingSoon title="Sell crypto" />
    </div>
  );
}
