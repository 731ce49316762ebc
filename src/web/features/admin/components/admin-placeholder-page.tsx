import { ComingSoon } from '../../../components/coming-soon';

/** One admin screen that is not built yet: its title and 'Coming soon'. */
export function AdminPlaceholderPage({ title }: { title: string }) {
  return <ComingSoon title={title} />;
}
