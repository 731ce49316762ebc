import { useState } from 'react';
import { EXCEPTION_KIND_LABELS, STATEMENT_MSG, type TResolution, type TStatementException } from '#shared/contracts/statements.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { Input } from '#web/components/ui/input.js';
import { Textarea } from '#web/components/ui/textarea.js';
import { useToast } from '#web/components/ui/toast.js';
import { ApiError, getErrorMessage } from '#web/lib/api.js';
import { useResolveException } from '#web/features/admin/statements/api/statements.js';

const TITLES: Record<TResolution, string> = {
  link: 'Link to an order',
  refund: 'Record the refund',
  write_off: 'Write off',
};

/**
 * Resolving an item of the exceptions queue (docs/decisions/039): link the line to an order (or
 * the order to a line), record a refund with its reference and reason, or write it off with a reason.
 */
export function ResolveDialog({ item, resolution, onClose }: { item: TStatementException; resolution: TResolution; onClose: () => void }) {
  const resolve = useResolveException();
  const toast = useToast();
  const isOrderItem = item.kind === 'no_statement_line';
  const [orderId, setOrderId] = useState(item.orderId && !isOrderItem ? String(item.orderId) : '');
  const [lineId, setLineId] = useState('');
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = () => {
    const local: Record<string, string> = {};
    if (resolution === 'link' && !isOrderItem && !/^\d{1,10}$/.test(orderId.trim())) local.orderId = STATEMENT_MSG.orderRequired;
    if (resolution === 'link' && isOrderItem && !/^\d{1,15}$/.test(lineId.trim())) local.lineId = STATEMENT_MSG.lineRequired;
    if (resolution === 'refund' && reference.trim() === '') local.reference = STATEMENT_MSG.referenceRequired;
    if (resolution !== 'link' && reason.trim() === '') local.reason = STATEMENT_MSG.reasonRequired;
    setErrors(local);
    setFormError(null);
    if (Object.keys(local).length > 0) return;
    const body =
      resolution === 'link'
        ? isOrderItem
          ? { resolution, lineId: Number(lineId.trim()) }
          : { resolution, orderId: Number(orderId.trim()) }
        : resolution === 'refund'
          ? { resolution, reference: reference.trim(), reason: reason.trim() }
          : { resolution, reason: reason.trim() };
    resolve.mutate(
      { id: item.id, body },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors(error.fields);
          setFormError(getErrorMessage(error));
        },
      },
    );
  };

  const what = item.line
    ? `${item.line.asset} ${item.line.amount} received ${item.line.occurredAt.slice(0, 16).replace('T', ' ')} (${item.accountLabel})`
    : item.sms
      ? `Text from ${item.sms.sender} (${item.accountLabel})`
      : `Order #${item.orderId}`;

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={`${TITLES[resolution]}: item ${item.id}`}
      description={`${EXCEPTION_KIND_LABELS[item.kind]}. ${what}.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={resolve.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={resolve.isPending}>
            {TITLES[resolution]}
          </Button>
        </>
      }
    >
      <form
        className="space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {item.detail && <p className="text-sm text-slate-700">{item.detail}</p>}
        {resolution === 'link' && !isOrderItem && (
          <Input
            label="Order number"
            inputMode="numeric"
            value={orderId}
            onChange={(event) => setOrderId(event.target.value)}
            error={errors.orderId}
            hint="The order this money paid. Its own confirmation then records the payment."
          />
        )}
        {resolution === 'link' && isOrderItem && (
          <Input
            label="Statement line number"
            inputMode="numeric"
            value={lineId}
            onChange={(event) => setLineId(event.target.value)}
            error={errors.lineId}
            hint="The line (shown in an import's lines) that paid this order."
          />
        )}
        {resolution === 'refund' && (
          <Input
            label="Refund reference"
            value={reference}
            maxLength={200}
            onChange={(event) => setReference(event.target.value)}
            error={errors.reference}
            hint="The MoMo or bank transaction id, or the on-chain hash, of the money sent back."
          />
        )}
        {resolution !== 'link' && (
          <Textarea
            label="Reason"
            value={reason}
            maxLength={500}
            rows={3}
            onChange={(event) => setReason(event.target.value)}
            error={errors.reason}
          />
        )}
        {formError && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {formError}
          </p>
        )}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
