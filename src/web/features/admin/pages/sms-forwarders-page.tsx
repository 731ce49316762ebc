import { useState, type FormEvent } from 'react';
import { SMS_FORWARDER_MSG, type TSmsForwarder, type TSmsForwarderCreated } from '#shared/contracts/sms-forwarders.js';
import { PageHeading } from '#web/components/page-heading.js';
import { Alert } from '#web/components/ui/alert.js';
import { Badge } from '#web/components/ui/badge.js';
import { Button } from '#web/components/ui/button.js';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.js';
import { DataTable, type TColumn } from '#web/components/ui/data-table.js';
import { Input } from '#web/components/ui/input.js';
import { Select } from '#web/components/ui/select.js';
import { useToast } from '#web/components/ui/toast.js';
import { ApiError, getErrorMessage } from '#web/lib/api.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { usePaymentMethods } from '#web/features/admin/payment-methods/api/payment-methods.js';
import { useCreateSmsForwarder, useRevokeSmsForwarder, useSmsForwarders } from '#web/features/admin/sms-forwarders/api/sms-forwarders.js';

/**
 * SMS forwarders (issue 33 point 6, docs/decisions/059): the phones holding a business MoMo
 * wallet's SIM that forward its texts. Added with a secret shown once, listed with when each was
 * last heard from, revoked. docs/deployment.md says how to set up the app on the phone.
 */

/** The secret, the URL and the headers, once: after this box is closed nobody can read the secret again. */
function CreatedBox({ created, onDone }: { created: TSmsForwarderCreated; onDone: () => void }) {
  return (
    <section aria-labelledby="forwarder-secret" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="forwarder-secret" className="font-semibold text-slate-900">
        Set up “{created.forwarder.label}”
      </h2>
      <p className="mt-1 text-sm text-slate-700">{created.message}</p>
      <dl className="mt-3 grid gap-2 text-sm break-all">
        <div>
          <dt className="font-medium">Webhook URL</dt>
          <dd>
            <code>{created.webhookUrl}</code>
          </dd>
        </div>
        <div>
          <dt className="font-medium">Signing key (secret)</dt>
          <dd>
            <code>{created.secret}</code>
          </dd>
        </div>
        <div>
          <dt className="font-medium">Headers the app sends</dt>
          <dd>
            <code>{created.headers.signature}</code> (hex HMAC-SHA256 of the body followed by the timestamp) and{' '}
            <code>{created.headers.timestamp}</code> (Unix seconds)
          </dd>
        </div>
      </dl>
      <Button className="mt-4" onClick={onDone}>
        I have copied the secret
      </Button>
    </section>
  );
}

function AddForm({ onCreated }: { onCreated: (created: TSmsForwarderCreated) => void }) {
  const methods = usePaymentMethods();
  const create = useCreateSmsForwarder();
  const [label, setLabel] = useState('');
  const [methodId, setMethodId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const wallets = (methods.data ?? []).filter((method) => method.details.type === 'momo');

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (label.trim() === '') found.label = SMS_FORWARDER_MSG.labelRequired;
    if (methodId === '') found.paymentMethodId = SMS_FORWARDER_MSG.methodRequired;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      { label: label.trim(), paymentMethodId: Number(methodId) },
      {
        onSuccess: (created) => {
          setLabel('');
          setMethodId('');
          onCreated(created);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors(error.fields);
          setFailure(getErrorMessage(error));
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="add-forwarder" className="mb-6 grid gap-4 sm:max-w-xl">
      <h2 id="add-forwarder" className="text-lg font-semibold text-slate-900">
        Add a forwarder
      </h2>
      {failure && <Alert variant="error">{failure}</Alert>}
      <Input label="Name of the phone" value={label} onChange={(e) => setLabel(e.target.value)} error={errors.label} maxLength={100} />
      <Select
        label="MoMo wallet whose texts it forwards"
        placeholder="Choose a wallet"
        options={wallets.map((method) => ({ value: String(method.id), label: method.name }))}
        value={methodId}
        onChange={(e) => setMethodId(e.target.value)}
        error={errors.paymentMethodId}
      />
      <div>
        <Button type="submit" isLoading={create.isPending}>
          Add forwarder
        </Button>
      </div>
    </form>
  );
}

export function SmsForwardersPage() {
  const query = useSmsForwarders();
  const revoke = useRevokeSmsForwarder();
  const toast = useToast();
  const [created, setCreated] = useState<TSmsForwarderCreated | null>(null);
  const [revoking, setRevoking] = useState<TSmsForwarder | null>(null);

  const columns: TColumn<TSmsForwarder>[] = [
    { header: 'Phone', cell: (row) => row.label },
    { header: 'Wallet', cell: (row) => row.paymentMethodLabel },
    { header: 'Last seen', cell: (row) => (row.lastSeenAt ? formatDateTime(row.lastSeenAt) : 'Never') },
    { header: 'Texts', cell: (row) => `${row.messageCount} (${row.unparsedCount} not understood)` },
    {
      header: 'Status',
      cell: (row) =>
        row.revokedAt ? <Badge variant="neutral">Revoked {formatDateTime(row.revokedAt)}</Badge> : <Badge variant="success">Active</Badge>,
    },
    {
      header: 'Actions',
      isHeaderHidden: true,
      cell: (row) =>
        row.revokedAt ? null : (
          <Button variant="danger" size="sm" onClick={() => setRevoking(row)} aria-label={`Revoke ${row.label}`}>
            Revoke
          </Button>
        ),
    },
  ];

  return (
    <div>
      <PageHeading
        title="SMS forwarders"
        description="Phones that forward a MoMo wallet's “payment received” texts. Each text is matched to its order like a statement line; what is not understood goes to the exceptions queue on the Statements page."
      />
      {created && <CreatedBox created={created} onDone={() => setCreated(null)} />}
      <AddForm onCreated={setCreated} />
      <DataTable
        caption="SMS forwarders"
        columns={columns}
        rows={query.data ?? []}
        rowKey={(row) => row.id}
        query={query}
        loadingText="Loading the forwarders…"
        emptyText="No forwarder yet."
        wrap
      />
      {revoking && (
        <ConfirmDialog
          title={`Revoke “${revoking.label}”?`}
          description="Its requests are refused from now on. To forward again, add the phone as a new forwarder with a new secret."
          confirmLabel="Revoke"
          variant="danger"
          isPending={revoke.isPending}
          error={revoke.error ? getErrorMessage(revoke.error) : null}
          onClose={() => {
            revoke.reset();
            setRevoking(null);
          }}
          onConfirm={() =>
            revoke.mutate(revoking.id, {
              onSuccess: (answer) => {
                toast.success(answer.message);
                setRevoking(null);
              },
            })
          }
        />
      )}
    </div>
  );
}
