import { PageHeading } from './page-heading';

/** Placeholder for a screen that is not built yet, so that every link already works. */
export function ComingSoon({ title, description }: { title: string; description?: string }) {
  return (
    <section>
      <PageHeading title={title} description={description} />
      <div className="card">
        <p className="text-slate-700">Coming soon</p>
      </div>
    </section>
  );
}
