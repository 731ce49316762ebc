import { useState } from 'react';
import { ZAddSanctionsEntryRequest, type TSanctionsEntry, type TSanctionsList } from '#shared/contracts/sanctions.js';
import { Form, FormAlert, SelectField, TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { Badge } from '#web/components/ui/badge.js';
import { Button } from '#web/components/ui/button.js';
import { DataTable, type TColumn } from '#web/components/ui/data-table.js';
import { DeleteConfirmDialog } from '#web/components/ui/mutation-confirm-dialog.js';
import { useToast } from '#web/components/ui/toast.js';
import { formatDateTime } from '#web/lib/format-date.js';
import {
  useAddOperatorEntry,
  useOperatorEntries,
  useRemoveOperatorEntry,
  useSanctionsLists,
} from '#web/features/admin/compliance/api/sanctions.js';

/**
 * The Sanctions view of the compliance desk (issue 34 point 2, docs/decisions/075): the lists the
 * screening compares with (the shipped OFAC copy, newer files loaded with `npm run sanctions:load`,
 * and the operator's own list), and the operator's entries, added and removed here. An entry
 * added screens every customer and open order at once; a match is an alert on the desk.
 */
export function SanctionsLists() {
  return (
    <div className="space-y-6">
      <ListsInForce />
      <OperatorList />
    </div>
  );
}

function ListsInForce() {
  const query = useSanctionsLists();
  const columns: TColumn<TSanctionsList>[] = [
    { header: 'List', className: 'font-medium', cell: (list) => list.name },
    { header: 'Source', cell: (list) => <span className="break-words">{list.source}</span> },
    { header: 'List date', className: 'whitespace-nowrap', cell: (list) => list.listDate ?? '—' },
    { header: 'Loaded', cell: (list) => formatDateTime(list.loadedAt) },
    { header: 'Entries', cell: (list) => String(list.entries) },
    {
      header: 'Status',
      cell: (list) =>
        list.supersededAt ? (
          <Badge variant="neutral">Superseded {formatDateTime(list.supersededAt)}</Badge>
        ) : (
          <Badge variant="success">In force</Badge>
        ),
    },
  ];
  return (
    <section className="space-y-2">
      <h2 className="text-lg font-semibold text-slate-900">Lists</h2>
      <p className="text-sm text-slate-700">
        Wallet addresses and names are screened against the lists in force at sign-up, KYC, each order and each deposit. A newer published
        file is loaded with <code>npm run sanctions:load</code>.
      </p>
      <DataTable
        caption="Sanctions lists"
        columns={columns}
        rows={query.data?.lists ?? []}
        rowKey={(list) => String(list.id)}
        query={query}
        loadingText="Loading the sanctions lists…"
        emptyText="No list is loaded: the server loads the shipped OFAC copy at its start."
        wrap
      />
    </section>
  );
}

const KIND_OPTIONS = [
  { value: 'address', label: 'Wallet address' },
  { value: 'name', label: 'Name' },
] as const;

function OperatorList() {
  const query = useOperatorEntries();
  const remove = useRemoveOperatorEntry();
  const [removing, setRemoving] = useState<TSanctionsEntry | null>(null);
  const columns: TColumn<TSanctionsEntry>[] = [
    { header: 'Kind', cell: (entry) => (entry.kind === 'address' ? 'Wallet address' : 'Name') },
    { header: 'Entry', className: 'font-medium', cell: (entry) => <span className="break-all">{entry.value}</span> },
    { header: 'Reference', cell: (entry) => entry.ref ?? '—' },
    { header: 'Added', cell: (entry) => formatDateTime(entry.createdAt) },
    {
      header: 'Actions',
      isHeaderHidden: true,
      cell: (entry) => (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Remove ${entry.value} from the operator list`}
          onClick={() => setRemoving(entry)}
        >
          Remove
        </Button>
      ),
    },
  ];
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold text-slate-900">Operator list</h2>
      <p className="text-sm text-slate-700">
        Your own entries, screened like the published lists: an address or a name from a regulator's notice, a court order or your own
        investigation.
      </p>
      <AddEntryForm />
      <DataTable
        caption="Operator list entries"
        columns={columns}
        rows={query.data?.entries ?? []}
        rowKey={(entry) => String(entry.id)}
        query={query}
        loadingText="Loading the operator list…"
        emptyText="No entries of your own yet."
        wrap
      />
      {removing && (
        <DeleteConfirmDialog
          title={`Remove ${removing.value}?`}
          description="Alerts it raised stay on the desk; new screening no longer matches it."
          mutation={remove}
          variables={removing.id}
          successMessage="Entry removed from the operator list."
          onClose={() => setRemoving(null)}
        />
      )}
    </section>
  );
}

function AddEntryForm() {
  const form = useZodForm(ZAddSanctionsEntryRequest, { defaultValues: { kind: 'address', value: '', ref: '' } });
  const add = useAddOperatorEntry();
  const toast = useToast();
  return (
    <Form
      form={form}
      className="card max-w-3xl space-y-4"
      autoComplete="off"
      onSubmit={(entry) =>
        add.mutate(
          { ...entry, ref: entry.ref?.trim() ? entry.ref : undefined },
          {
            onSuccess: ({ hits }) => {
              form.reset({ kind: entry.kind, value: '', ref: '' });
              toast.success(
                hits === 0
                  ? 'Entry added. No customer or open order matches it.'
                  : `Entry added. ${hits} ${hits === 1 ? 'match' : 'matches'} raised an alert on the desk.`,
              );
            },
            onError: (error) => showServerError(form, error),
          },
        )
      }
    >
      <h3 className="text-base font-semibold text-slate-900">Add an entry</h3>
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField name="kind" label="Kind" options={KIND_OPTIONS} />
        <TextField name="value" label="Address or name" hint="As listed: an address exactly, a name in any spelling." />
        <TextField name="ref" label="Reference (optional)" hint="Where it comes from, e.g. a notice's number." />
      </div>
      <FormAlert />
      <Button type="submit" isLoading={add.isPending} loadingText="Adding…">
        Add to the operator list
      </Button>
    </Form>
  );
}
