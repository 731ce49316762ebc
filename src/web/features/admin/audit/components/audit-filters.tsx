import { z } from 'zod';
import { AUDIT_TARGET_TYPE_LABELS, AUDIT_TARGET_TYPES, ZAuditQuery } from '#shared/contracts/admin.js';
import { Form, SelectField, TextField } from '#web/components/form/form.js';
import { useZodForm } from '#web/components/form/use-zod-form.js';
import { Button } from '#web/components/ui/button.js';
import { toOptions } from '#web/components/ui/select.js';
import type { TAuditFilter } from '#web/features/admin/audit/api/audit.js';

type TDraft = Omit<TAuditFilter, 'page'>;
const EMPTY: TDraft = { actor: '', action: '', targetType: '', target: '', from: '', to: '' };

/** The audit query's own rules (src/shared/contracts/admin.ts), with an empty box meaning "any". */
const ZAuditFilterForm = z.object({
  actor: z.string().pipe(ZAuditQuery.shape.actor.unwrap()),
  action: z.string().pipe(ZAuditQuery.shape.action.unwrap()),
  targetType: z.union([z.literal(''), ZAuditQuery.shape.targetType.unwrap()]),
  target: z.string().pipe(ZAuditQuery.shape.target.unwrap()),
  from: z.union([z.literal(''), ZAuditQuery.shape.from.unwrap()]),
  to: z.union([z.literal(''), ZAuditQuery.shape.to.unwrap()]),
});

/** Actor (name or email), action prefix, target (kind, and id or name) and a date range; applied with 'Apply filters'. */
export function AuditFilters({ filter, onApply }: { filter: TAuditFilter; onApply: (next: TDraft) => void }) {
  const form = useZodForm(ZAuditFilterForm, {
    defaultValues: {
      actor: filter.actor,
      action: filter.action,
      targetType: filter.targetType,
      target: filter.target,
      from: filter.from,
      to: filter.to,
    },
  });
  const [from, to] = form.watch(['from', 'to']);

  return (
    <Form
      form={form}
      role="search"
      aria-label="Filter the audit log"
      onSubmit={onApply}
      className="mb-4 grid gap-3 sm:grid-cols-2 sm:items-end lg:grid-cols-4 2xl:grid-cols-[repeat(6,minmax(0,1fr))_auto]"
    >
      <TextField label="Actor" name="actor" type="search" placeholder="Name or email" maxLength={254} />
      <TextField label="Action" name="action" type="search" placeholder="e.g. kyc. or staff.sign_in" maxLength={100} />
      <SelectField
        label="Target type"
        name="targetType"
        placeholder="Any"
        options={toOptions(AUDIT_TARGET_TYPES, AUDIT_TARGET_TYPE_LABELS)}
      />
      <TextField label="Target" name="target" type="search" placeholder="ID or name, e.g. #12 or Mensah" maxLength={100} />
      <TextField label="From" name="from" type="date" max={to || undefined} />
      <TextField label="To" name="to" type="date" min={from || undefined} />
      <div className="flex flex-wrap gap-2 sm:col-span-2 2xl:col-span-1">
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
