import { ComingSoon } from '../../../components/coming-soon';

export function HistoryPage() {
  return (
    <div className="container-page py-8">
      <ComingSoon title="Order history" />
    </div>
  );
}
