import { useState, type FormEvent } from 'react';
import { Button } from '#web/components/ui/button.js';
import { Input } from '#web/components/ui/input.js';
import type { TAuditFilter } from '#web/features/admin/audit/api/audit.js';

type TDraft = Omit<TAuditFilter, 'page'>;
const EMPTY: TDraft = { actor: '', action: '', from: '', to: '' };

/** Actor (email), action prefix and a date range; applied with 'Apply filters'. */
export function AuditFilters({ filter, onApply }: { filter: TAuditFilter; onApply: (next: TDraft) => void }) {
  const [draft, setDraft] = useState<TDraft>({ actor: filter.actor, action: filter.action, from: filter.from, to: filter.to });
  const setValue = (field: keyof TDraft, value: string) => setDraft((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply({ actor: draft.actor.trim(), action: draft.action.trim(), from: draft.from, to: draft.to });
  };

  return (
    <form
      role="search"
      aria-label="Filter the audit log"
      onSubmit={onSubmit}
      className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end"
    >
      <Input
        label="Actor"
        name="actor"
        type="search"
        placeholder="staff@example.com"
        maxLength={254}
        value={draft.actor}
        onChange={(event) => setValue('actor', event.target.value)}
      />
      <Input
        label="Action"
        name="action"
        type="search"
        placeholder="e.g. kyc. or settings.update"
        maxLength={100}
        value={draft.action}
        onChange={(event) => setValue('action', event.target.value)}
      />
      <Input
        label="From"
        name="from"
        type="date"
        value={draft.from}
        max={draft.to || undefined}
        onChange={(event) => setValue('from', event.target.value)}
      />
      <Input
        label="To"
        name="to"
        type="date"
        value={draft.to}
        min={draft.from || undefined}
        onChange={(event) => setValue('to', event.target.value)}
      />
      <div className="flex gap-2">
        <Button type="submit">Apply filters</Button>
        <Button
          variant="outline"
          onClick={() => {
            setDraft(EMPTY);
            onApply(EMPTY);
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}
