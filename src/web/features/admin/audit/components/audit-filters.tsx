import { z } from 'zod';
import { ZAuditQuery } from '#shared/contracts/admin.js';
import { Form, TextField } from '#web/components/form/form.js';
import { useZodForm } from '#web/components/form/use-zod-form.js';
import { Button } from '#web/components/ui/button.js';
import type { TAuditFilter } from '#web/features/admin/audit/api/audit.js';

type TDraft = Omit<TAuditFilter, 'page'>;
const EMPTY: TDraft = { actor: '', action: '', from: '', to: '' };

/** The audit query's own rules (src/shared/contracts/admin.ts), with an empty box meaning "any". */
const ZAuditFilterForm = z.object({
  actor: z.string().pipe(ZAuditQuery.shape.actor.unwrap()),
  action: z.string().pipe(ZAuditQuery.shape.action.unwrap()),
  from: z.union([z.literal(''), ZAuditQuery.shape.from.unwrap()]),
  to: z.union([z.literal(''), ZAuditQuery.shape.to.unwrap()]),
});

/** Actor (email), action prefix and a date range; applied with 'Apply filters'. */
export function AuditFilters({ filter, onApply }: { filter: TAuditFilter; onApply: (next: TDraft) => void }) {
  const form = useZodForm(ZAuditFilterForm, {
    defaultValues: { actor: filter.actor, action: filter.action, from: filter.from, to: filter.to },
  });
  const [from, to] = form.watch(['from', 'to']);

  return (
    <Form
      form={form}
      role="search"
      aria-label="Filter the audit log"
      onSubmit={onApply}
      className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end"
    >
      <TextField label="Actor" name="actor" type="search" placeholder="staff@example.com" maxLength={254} />
      <TextField label="Action" name="action" type="search" placeholder="e.g. kyc. or settings.update" maxLength={100} />
      <TextField label="From" name="from" type="date" max={to || undefined} />
      <TextField label="To" name="to" type="date" min={from || undefined} />
      <div className="flex gap-2">
        <Button type="submit">Apply filters</Button>
        <Button
          variant="outline"
          onClick={() => {
            form.reset(EMPTY);
            onApply(EMPTY);
          }}
        >
          Clear
        </Button>
      </div>
    </Form>
  );
}
