import { useEffect, useState, type FormEvent } from 'react';
import {
  EXCEPTION_KIND_LABELS,
  EXCEPTION_STATUS_LABELS,
  LINE_RESULT_LABELS,
  STATEMENT_MAX_CHARS,
  STATEMENT_MSG,
  ZColumnMapping,
  type TColumnMapping,
  type TImportResult,
  type TReconciliationSettings,
  type TResolution,
  type TStatementException,
  type TStatementFormat,
  type TStatementImport,
  type TStatementLine,
  WRITE_OFF_ONLY_KINDS,
} from '#shared/contracts/statements.js';
import { PageHeading } from '#web/components/page-heading.js';
import { Alert } from '#web/components/ui/alert.js';
import { Badge } from '#web/components/ui/badge.js';
import { Button } from '#web/components/ui/button.js';
import { DataTable, type TColumn } from '#web/components/ui/data-table.js';
import { Input } from '#web/components/ui/input.js';
import { Select } from '#web/components/ui/select.js';
import { Switch } from '#web/components/ui/switch.js';
import { useToast } from '#web/components/ui/toast.js';
import { ApiError, getErrorMessage } from '#web/lib/api.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { useAdminCoins } from '#web/features/admin/coins/api/coins.js';
import { usePaymentMethods } from '#web/features/admin/payment-methods/api/payment-methods.js';
import {
  useImportStatement,
  useReconciliationSettings,
  useSaveMapping,
  useSaveReconciliationSettings,
  useStatementExceptions,
  useStatementImports,
  useStatementLines,
  useStatementMapping,
} from '#web/features/admin/statements/api/statements.js';
import { ResolveDialog } from '#web/features/admin/statements/components/resolve-dialog.js';

const FORMAT_OPTIONS: { value: TStatementFormat; label: string }[] = [
  { value: 'mtn', label: 'MTN MoMo merchant portal CSV' },
  { value: 'mapped', label: "CSV read with this account's column mapping" },
  { value: 'coin', label: 'Coin wallet transaction export' },
];

const RESULT_LABELS: Record<string, string> = { ...LINE_RESULT_LABELS };

function money(line: TStatementLine) {
  return `${line.direction === 'out' ? '−' : ''}${line.asset} ${line.amount}`;
}

/** The account choice, the format, the file; the answer (or every bad line) below. */
function ImportForm() {
  const methods = usePaymentMethods();
  const coins = useAdminCoins();
  const importStatement = useImportStatement();
  const [account, setAccount] = useState('');
  const [format, setFormat] = useState<TStatementFormat>('mtn');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<TImportResult | null>(null);
  const [failure, setFailure] = useState<{ message: string; lines: string[] } | null>(null);

  const accountOptions = [
    ...(methods.data ?? []).map((method) => ({
      value: `pm:${method.id}`,
      label: `${method.name} (${method.details.type === 'momo' ? 'MoMo' : 'bank'})`,
    })),
    ...(coins.data ?? []).flatMap((coin) =>
      coin.networks.map((network) => ({
        value: `wallet:${coin.symbol.toUpperCase()}:${network.network}`,
        label: `${coin.symbol.toUpperCase()} wallet (${network.label})`,
      })),
    ),
  ];
  const methodId = account.startsWith('pm:') ? Number(account.slice(3)) : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!account) local.account = STATEMENT_MSG.accountRequired;
    if (!file) local.file = STATEMENT_MSG.fileRequired;
    else if (file.size > STATEMENT_MAX_CHARS) local.file = STATEMENT_MSG.fileTooLarge;
    setErrors(local);
    setResult(null);
    setFailure(null);
    if (Object.keys(local).length > 0 || !file) return;
    let csv: string;
    try {
      csv = await file.text();
    } catch {
      setErrors({ file: STATEMENT_MSG.notCsv });
      return;
    }
    if (csv.includes('\u0000')) {
      setErrors({ file: STATEMENT_MSG.notCsv });
      return;
    }
    importStatement.mutate(
      { account, format, fileName: file.name, csv },
      {
        onSuccess: setResult,
        onError: (error) => {
          const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
          const lines = Object.entries(fields)
            .filter(([key]) => key.startsWith('line '))
            .map(([, message]) => message);
          setErrors({ account: fields.account ?? '', file: fields.csv ?? '' });
          setFailure({ message: getErrorMessage(error), lines });
        },
      },
    );
  };

  return (
    <section aria-labelledby="import-heading" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="import-heading" className="text-lg font-semibold">
        Import a statement
      </h2>
      <form className="grid gap-4 md:grid-cols-3" noValidate onSubmit={(event) => void onSubmit(event)}>
        <Select
          label="Business account"
          placeholder="Choose the account"
          options={accountOptions}
          value={account}
          onChange={(event) => {
            const value = event.target.value;
            setAccount(value);
            setFormat(value.startsWith('wallet:') ? 'coin' : format === 'coin' ? 'mtn' : format);
          }}
          error={errors.account || undefined}
        />
        <Select
          label="File format"
          options={FORMAT_OPTIONS.filter((option) => (account.startsWith('wallet:') ? option.value === 'coin' : option.value !== 'coin'))}
          value={format}
          onChange={(event) => setFormat(event.target.value as TStatementFormat)}
        />
        <Input
          label="Statement file (CSV)"
          type="file"
          accept=".csv,text/csv,text/plain"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          error={errors.file || undefined}
        />
        <div className="md:col-span-3">
          <Button type="submit" disabled={importStatement.isPending}>
            {importStatement.isPending ? 'Importing…' : 'Import statement'}
          </Button>
        </div>
      </form>
      {result && (
        <Alert variant="success">
          {result.message}{' '}
          {Object.entries(result.results)
            .map(([key, n]) => `${RESULT_LABELS[key] ?? key}: ${n}`)
            .join(', ')}
          {result.confirmed > 0 && ` ${result.confirmed} paid orders confirmed.`}
        </Alert>
      )}
      {failure && (
        <Alert variant="error">
          <p>{failure.message}</p>
          {failure.lines.length > 0 && (
            <ul className="mt-2 list-disc pl-5">
              {failure.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      {methodId !== null && format === 'mapped' && <MappingForm paymentMethodId={methodId} />}
    </section>
  );
}

const MAPPING_FIELDS: { key: keyof TColumnMapping; label: string; hint?: string }[] = [
  { key: 'date', label: 'Date column' },
  { key: 'amount', label: 'Amount column', hint: 'Signed: negative is money out. Or leave empty and name Credit and Debit.' },
  { key: 'credit', label: 'Credit column (money in)' },
  { key: 'debit', label: 'Debit column (money out)' },
  { key: 'reference', label: 'Reference column' },
  { key: 'counterparty', label: 'Counterparty number column' },
  { key: 'description', label: 'Description column' },
  { key: 'balance', label: 'Balance column' },
];

const EMPTY_MAPPING: TColumnMapping = {
  date: '',
  amount: '',
  credit: '',
  debit: '',
  reference: '',
  counterparty: '',
  description: '',
  balance: '',
};

/** The header names of a payment method's CSV, saved once for the account. */
function MappingForm({ paymentMethodId }: { paymentMethodId: number }) {
  const saved = useStatementMapping(paymentMethodId);
  const save = useSaveMapping();
  const toast = useToast();
  const [mapping, setMapping] = useState<TColumnMapping>(EMPTY_MAPPING);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setMapping(saved.data ?? EMPTY_MAPPING);
  }, [saved.data]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZColumnMapping.safeParse(mapping);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    save.mutate(
      { paymentMethodId, mapping: parsed.data },
      {
        onSuccess: () => toast.success(STATEMENT_MSG.mappingSaved),
        onError: (error) => toast.error(getErrorMessage(error)),
      },
    );
  };

  return (
    <form aria-labelledby="mapping-heading" className="space-y-3 border-t border-slate-200 pt-4" noValidate onSubmit={onSubmit}>
      <h3 id="mapping-heading" className="font-semibold">
        Column mapping of this account
      </h3>
      <p className="text-sm text-slate-600">Write each column's name as the file's header row has it. Dates are read as in MTN's export.</p>
      <div className="grid gap-3 md:grid-cols-4">
        {MAPPING_FIELDS.map((field) => (
          <Input
            key={field.key}
            label={field.label}
            value={mapping[field.key]}
            maxLength={100}
            hint={field.hint}
            error={errors[field.key]}
            onChange={(event) => setMapping({ ...mapping, [field.key]: event.target.value })}
          />
        ))}
      </div>
      <Button type="submit" variant="outline" disabled={save.isPending}>
        Save mapping
      </Button>
    </form>
  );
}

function ImportLines({ imported }: { imported: TStatementImport }) {
  const query = useStatementLines(imported.id);
  const columns: TColumn<TStatementLine>[] = [
    { header: 'Line', cell: (line) => `${line.lineNumber} (#${line.id})` },
    { header: 'When', cell: (line) => formatDateTime(line.occurredAt) },
    { header: 'Amount', className: 'whitespace-nowrap', cell: money },
    { header: 'Reference', className: 'break-all', cell: (line) => line.reference ?? '—' },
    { header: 'From / to', className: 'break-all', cell: (line) => line.counterparty ?? '—' },
    { header: 'Balance', cell: (line) => line.balance ?? '—' },
    {
      header: 'Result',
      cell: (line) => (
        <Badge
          variant={line.result === 'matched' || line.result === 'linked' ? 'success' : line.result === 'outgoing' ? 'neutral' : 'warning'}
        >
          {LINE_RESULT_LABELS[line.result]}
          {line.orderId ? `: order #${line.orderId}` : ''}
        </Badge>
      ),
    },
  ];
  return (
    <DataTable
      caption={`Lines of import ${imported.id} (${imported.accountLabel})`}
      columns={columns}
      rows={query.data?.lines ?? []}
      rowKey={(line) => line.id}
      query={query}
      loadingText="Loading the statement lines…"
      emptyText="No lines."
      wrap
    />
  );
}

function ImportsList() {
  const query = useStatementImports();
  const [open, setOpen] = useState<TStatementImport | null>(null);
  const columns: TColumn<TStatementImport>[] = [
    { header: 'Account', className: 'font-medium', cell: (row) => row.accountLabel },
    { header: 'File', className: 'break-all', cell: (row) => row.fileName || '—' },
    { header: 'Lines', cell: (row) => `${row.newLineCount} new of ${row.lineCount}` },
    { header: 'Closing balance', cell: (row) => row.closingBalance ?? '—' },
    { header: 'Imported', cell: (row) => `${formatDateTime(row.importedAt)}${row.importedBy ? `, ${row.importedBy}` : ''}` },
    {
      header: 'Actions',
      isHeaderHidden: true,
      cell: (row) => (
        <Button size="sm" variant="outline" aria-label={`Show the lines of import ${row.id}`} onClick={() => setOpen(row)}>
          Show lines
        </Button>
      ),
    },
  ];
  return (
    <section aria-labelledby="imports-heading" className="space-y-3">
      <h2 id="imports-heading" className="text-lg font-semibold">
        Imported statements
      </h2>
      <DataTable
        caption="Imported statements"
        columns={columns}
        rows={query.data ?? []}
        rowKey={(row) => row.id}
        query={query}
        loadingText="Loading statements…"
        emptyText="No statement imported yet."
      />
      {open && <ImportLines imported={open} />}
    </section>
  );
}

function ExceptionsQueue() {
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const query = useStatementExceptions(status);
  const [resolving, setResolving] = useState<{ item: TStatementException; resolution: TResolution } | null>(null);
  const columns: TColumn<TStatementException>[] = [
    { header: 'Item', cell: (item) => `${item.id}` },
    {
      header: 'What',
      className: 'font-medium',
      cell: (item) => (
        <>
          {EXCEPTION_KIND_LABELS[item.kind]}
          <span className="block text-sm font-normal text-slate-600">{item.accountLabel}</span>
        </>
      ),
    },
    {
      header: 'Money',
      className: 'whitespace-nowrap',
      cell: (item) =>
        item.line ? (
          <>
            {money(item.line)}
            <span className="block text-sm text-slate-600">{formatDateTime(item.line.occurredAt)}</span>
          </>
        ) : (
          '—'
        ),
    },
    { header: 'Reference', className: 'break-all', cell: (item) => item.line?.reference ?? '—' },
    {
      header: 'Order',
      cell: (item) => (item.orderId ? `#${item.orderId}${item.expectedAmount ? ` (expects ${item.expectedAmount})` : ''}` : '—'),
    },
    {
      header: 'Details',
      className: 'text-sm',
      cell: (item) =>
        item.resolution ? (
          <>
            <Badge variant="neutral">{EXCEPTION_STATUS_LABELS[item.status]}</Badge>
            <span className="block">
              {[item.resolution.reference, item.resolution.reason, item.resolution.orderId ? `order #${item.resolution.orderId}` : null]
                .filter(Boolean)
                .join(' · ')}
            </span>
            <span className="block text-slate-600">
              {item.resolution.by ?? 'System'}, {formatDateTime(item.resolution.at)}
            </span>
          </>
        ) : (
          <>
            {item.detail}
            {item.sms && (
              <span className="mt-1 block text-slate-600">
                Text from {item.sms.sender}, {formatDateTime(item.sms.receivedAt)}: “{item.sms.body}”
              </span>
            )}
          </>
        ),
    },
    {
      header: 'Actions',
      isHeaderHidden: true,
      cell: (item) =>
        item.status === 'open' ? (
          <div className="flex flex-wrap justify-end gap-2">
            {/* A forwarded text not understood, a payout the chain disagrees with: nothing to link (docs/decisions/059, 067); written off with the reason. */}
            {!WRITE_OFF_ONLY_KINDS.includes(item.kind) && (
              <Button size="sm" aria-label={`Link item ${item.id}`} onClick={() => setResolving({ item, resolution: 'link' })}>
                Link
              </Button>
            )}
            {item.line && (
              <Button
                size="sm"
                variant="outline"
                aria-label={`Refund item ${item.id}`}
                onClick={() => setResolving({ item, resolution: 'refund' })}
              >
                Refund
              </Button>
            )}
            <Button
              size="sm"
              variant="danger"
              aria-label={`Write off item ${item.id}`}
              onClick={() => setResolving({ item, resolution: 'write_off' })}
            >
              Write off
            </Button>
          </div>
        ) : null,
    },
  ];
  return (
    <section aria-labelledby="queue-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="queue-heading" className="text-lg font-semibold">
          Exceptions queue
        </h2>
        <Select
          label="Show"
          options={[
            { value: 'open', label: 'Open items' },
            { value: 'resolved', label: 'Resolved items' },
          ]}
          value={status}
          onChange={(event) => setStatus(event.target.value as 'open' | 'resolved')}
        />
      </div>
      <DataTable
        caption="Exceptions queue"
        columns={columns}
        rows={query.data ?? []}
        rowKey={(item) => item.id}
        query={query}
        loadingText="Loading the exceptions queue…"
        emptyText={status === 'open' ? 'Nothing to resolve.' : 'No resolved items yet.'}
        wrap
      />
      {resolving && <ResolveDialog item={resolving.item} resolution={resolving.resolution} onClose={() => setResolving(null)} />}
    </section>
  );
}

function SettingsForm() {
  const query = useReconciliationSettings();
  const save = useSaveReconciliationSettings();
  const toast = useToast();
  const [draft, setDraft] = useState<TReconciliationSettings | null>(null);
  useEffect(() => {
    if (query.data) setDraft(query.data);
  }, [query.data]);
  if (!draft) return null;
  const hours = (value: string) => Math.max(1, Math.min(720, Number.parseInt(value, 10) || 1));
  return (
    <section aria-labelledby="settings-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="settings-heading" className="text-lg font-semibold">
        Reconciliation settings
      </h2>
      <form
        className="grid gap-4 md:grid-cols-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(draft, {
            onSuccess: () => toast.success(STATEMENT_MSG.settingsSaved),
            onError: (error) => toast.error(getErrorMessage(error)),
          });
        }}
      >
        <Switch
          label="Confirm payments matched by a statement"
          checked={draft.confirmMatchedPayments}
          onCheckedChange={(checked) => setDraft({ ...draft, confirmMatchedPayments: checked })}
        />
        <Input
          label="Match window (hours)"
          type="number"
          min={1}
          max={720}
          value={draft.matchWindowHours}
          onChange={(event) => setDraft({ ...draft, matchWindowHours: hours(event.target.value) })}
          hint="A line matches an order paid this many hours before or after it."
        />
        <Input
          label="Paid with no statement line after (hours)"
          type="number"
          min={1}
          max={720}
          value={draft.unpaidAfterHours}
          onChange={(event) => setDraft({ ...draft, unpaidAfterHours: hours(event.target.value) })}
        />
        <div className="md:col-span-3">
          <Button type="submit" variant="outline" disabled={save.isPending}>
            Save settings
          </Button>
        </div>
      </form>
    </section>
  );
}

/**
 * /admin/statements: import a business account's statement, see each line's result, resolve the
 * exceptions queue (issue 28 point 5, docs/decisions/039). Super admin and manager.
 */
export function StatementsPage() {
  return (
    <section className="space-y-8">
      <PageHeading
        title="Statements"
        description="Import the statements of the business's MoMo wallets, bank accounts and coin wallets; each payment is matched to its order, the rest waits in the exceptions queue."
      />
      <ImportForm />
      <ExceptionsQueue />
      <ImportsList />
      <SettingsForm />
    </section>
  );
}
