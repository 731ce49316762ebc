import type { ReactNode } from 'react';

type StatCardProps = {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
};

/** One headline figure: a label and its value (a description list pair for assistive tech). */
export function StatCard({ label, value, hint }: StatCardProps) {
  return (
    <div className="card min-w-0">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tracking-tight break-words text-slate-900 tabular-nums">{value}</dd>
      {hint && <dd className="mt-2 text-sm">{hint}</dd>}
    </div>
  );
}
