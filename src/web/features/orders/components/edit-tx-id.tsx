import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { TOrder } from '#shared/contracts/orders.js';
import { Button } from '#web/components/ui/button.js';
import { LoadingStatus } from '#web/components/ui/query-content.js';
import { txIdLabel } from '#web/lib/order-labels.js';

/** The form's code (react-hook-form, the checks) loads on "Edit", not with the order page (issue 26 point 15). */
const EditTxIdForm = lazy(() => import('./edit-tx-id-form').then((module) => ({ default: module.EditTxIdForm })));

/**
 * The transaction id of a submitted order with "Edit": the customer corrects a mistyped id until
 * staff approve or cancel the order (docs/decisions/009). The form checks what the server checks
 * (format, the rail's minimum); the server's refusals (an id already used, an order decided
 * meanwhile) land on the field or above the buttons. The change is a step of the timeline.
 */
export function EditTxId({ order, userId }: { order: TOrder; userId: string }) {
  const [isEditing, setIsEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const hasEdited = useRef(false);
  const label = txIdLabel(order);
  // Back from the form, focus returns to "Edit" (not on the first render).
  useEffect(() => {
    if (!isEditing && hasEdited.current) editButton.current?.focus();
    if (isEditing) hasEdited.current = true;
  }, [isEditing]);
  if (!isEditing) {
    return (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="break-all">
          {label}: <span className="font-mono">{order.paymentTxId ?? '—'}</span>
        </p>
        <Button ref={editButton} variant="outline" size="sm" onClick={() => setIsEditing(true)} aria-label={`Edit ${label}`}>
          Edit
        </Button>
      </div>
    );
  }
  return (
    <Suspense fallback={<LoadingStatus>Opening the form…</LoadingStatus>}>
      <EditTxIdForm order={order} userId={userId} label={label} onDone={() => setIsEditing(false)} />
    </Suspense>
  );
}
