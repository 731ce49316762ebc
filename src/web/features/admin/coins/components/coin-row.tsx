import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormProvider, useController, useFormContext, useWatch } from 'react-hook-form';
import type { TDepositKeyPreview } from '#shared/contracts/admin.js';
import { DEPOSIT_KEY_MSG, GAP_LIMIT, KEY_SCHEME, keyFamilyOf, looksPrivate } from '#shared/deposit-keys.js';
import { TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { Button } from '#web/components/ui/button.js';
import { Switch } from '#web/components/ui/switch.js';
import { TableActionCell, TableCell, TableRow } from '#web/components/ui/table.js';
import { useToast } from '#web/components/ui/toast.js';
import { usePreviewDepositKey, useUpdateCoin, type TAdminCoin } from '#web/features/admin/coins/api/coins.js';
import {
  coinFormSchema,
  isSameAsCoin,
  keysBeingSet,
  replacesAddressInForce,
  toCoinFormValues,
  type TCoinFormValues,
} from '#web/features/admin/coins/lib/coin-form.js';
import { DESTINATION_MSG } from '#shared/contracts/destination-changes.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { getErrorMessage } from '#web/lib/api.js';

/** docs/product.md §2: a row is clean, changed or saving. */
export type TCoinRowState = 'clean' | 'changed' | 'saving';

/**
 * One coin: a deposit address per network (USDT: TRC20, ERC20 and BEP20 each its own,
 * docs/decisions/014) and the enable switch, edited in place and saved together with the row's
 * Save (or Enter in an address). The form is the one approach's (`useZodForm`): the addresses are
 * judged for their network on Save, the server's field messages land on their fields.
 */
export function CoinRow({
  coin,
  onStateChange,
  pendingText,
}: {
  coin: TAdminCoin;
  onStateChange?: (coinId: number, state: TCoinRowState) => void;
  /** A change of this coin's addresses waiting for approval, in words (issue 27 point 3). */
  pendingText?: string;
}) {
  const schema = useMemo(() => coinFormSchema(coin), [coin]);
  const form = useZodForm<typeof schema, TCoinFormValues>(schema, { defaultValues: toCoinFormValues(coin) });
  const syncedCoin = useRef(coin);
  const update = useUpdateCoin();
  const toast = useToast();
  const formId = useId();
  const values = useWatch({ control: form.control }) as TCoinFormValues;

  // The server's copy changed (saved here, or re-read): a row without edits of its own follows it.
  useEffect(() => {
    const previous = syncedCoin.current;
    if (coin === previous) return;
    syncedCoin.current = coin;
    const current = form.getValues();
    if (isSameAsCoin(current, previous) || isSameAsCoin(current, coin)) form.reset(toCoinFormValues(coin));
  }, [coin, form]);

  const state: TCoinRowState = update.isPending ? 'saving' : isSameAsCoin(values, coin) ? 'clean' : 'changed';
  const isSaving = state === 'saving';
  const needsCode = replacesAddressInForce(values, coin);

  // The page warns before leaving while a row has unsaved edits; a row that goes away has none.
  const onStateChangeRef = useRef(onStateChange);
  useEffect(() => {
    onStateChangeRef.current = onStateChange;
  }, [onStateChange]);
  useEffect(() => {
    onStateChangeRef.current?.(coin.id, state);
  }, [coin.id, state]);
  useEffect(() => {
    const id = coin.id;
    return () => onStateChangeRef.current?.(id, 'clean');
  }, [coin.id]);

  // The addresses the server derived from each typed key (docs/decisions/056): a key is saved only after its preview.
  const [previews, setPreviews] = useState<Record<string, { key: string; preview: TDepositKeyPreview }>>({});
  const keysChanging = keysBeingSet(values, coin);

  const onSave = form.handleSubmit((changes) => {
    if (update.isPending) return;
    const unpreviewed = keysBeingSet(form.getValues(), coin).filter(
      (network) => previews[network]?.key !== (form.getValues().depositKeys[network] ?? '').trim(),
    );
    if (unpreviewed.length > 0) {
      for (const network of unpreviewed) form.setError(`depositKeys.${network}`, { message: DEPOSIT_KEY_MSG.previewFirst });
      return;
    }
    update.mutate(
      { id: coin.id, update: changes },
      {
        onSuccess: ({ coin: saved, pendingChange }) => {
          form.reset(toCoinFormValues(saved));
          if (!pendingChange) toast.success(`${coin.name} saved.`);
          else
            toast.success(
              pendingChange.lapsesAt ? DESTINATION_MSG.requestedAlone(formatDateTime(pendingChange.lapsesAt)) : DESTINATION_MSG.requested,
            );
        },
        // The edits stay, so the row reads as changed again and can be saved once more.
        onError: (failure) => showServerError(form, failure, { toast: toast.error }),
      },
    );
  });

  return (
    <FormProvider {...form}>
      <TableRow data-state={state}>
        <TableCell className="align-top">
          <span className="block font-medium text-slate-900">{coin.name}</span>
          <span className="block text-xs font-semibold text-slate-500">{coin.symbol.toUpperCase()}</span>
        </TableCell>
        <TableCell className="align-top">
          <div className="w-80 space-y-3 lg:w-[28rem]">
            {coin.networks.map((entry) => (
              <TextField
                key={entry.network}
                // The visible label is the network; the name says whose address it is.
                label={entry.label}
                aria-label={`${coin.name} deposit address on ${entry.label}`}
                name={`depositAddresses.${entry.network}`}
                form={formId}
                autoComplete="off"
                spellCheck={false}
                maxLength={120}
                placeholder="No deposit address set"
                disabled={isSaving}
                hint={entry.hasTag ? 'Each sell order gets its own destination tag for this address.' : undefined}
                className="py-2 font-mono text-sm"
              />
            ))}
            {coin.networks
              .filter((entry) => entry.takesKey)
              .map((entry) => (
                <DepositKeyField
                  key={`key-${entry.network}`}
                  coin={coin}
                  entry={entry}
                  formId={formId}
                  disabled={isSaving}
                  preview={previews[entry.network]}
                  onPreview={(key, preview) => setPreviews((current) => ({ ...current, [entry.network]: { key, preview } }))}
                />
              ))}
            {coin.networks.length === 0 && <p className="text-sm text-slate-600">No network is offered for this coin.</p>}
            {pendingText && (
              <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
                Change waiting for approval: {pendingText}
              </p>
            )}
            {needsCode && (
              <>
                <p className="text-sm text-amber-900" role="note">
                  {keysChanging.length > 0 ? DEPOSIT_KEY_MSG.keyFormNotice : DESTINATION_MSG.coinFormNotice}
                </p>
                <TextField
                  label="Authentication code"
                  aria-label={`Authentication code to change the ${coin.name} deposit address`}
                  name="code"
                  form={formId}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={40}
                  hint="The 6-digit code from your authenticator app."
                  disabled={isSaving}
                />
              </>
            )}
          </div>
        </TableCell>
        <TableCell className="align-top">
          <EnabledSwitch coinName={coin.name} disabled={isSaving} />
        </TableCell>
        <TableActionCell className="text-right align-top">
          <form id={formId} noValidate onSubmit={(event) => void onSave(event)} className="flex flex-col items-end gap-1">
            <Button
              type="submit"
              size="sm"
              aria-label={`Save ${coin.name}`}
              disabled={state !== 'changed'}
              isLoading={isSaving}
              loadingText="Saving..."
            >
              Save
            </Button>
            {state === 'changed' && <span className="text-xs whitespace-nowrap text-amber-700">Unsaved changes</span>}
          </form>
        </TableActionCell>
      </TableRow>
    </FormProvider>
  );
}

function EnabledSwitch({ coinName, disabled }: { coinName: string; disabled: boolean }) {
  const { field } = useController<TCoinFormValues, 'isEnabled'>({ name: 'isEnabled' });
  return (
    <div className="flex items-center gap-2 pt-2">
      <Switch checked={field.value} onCheckedChange={field.onChange} label={`${coinName} enabled`} hideLabel disabled={disabled} />
      <span className="text-sm text-slate-700" aria-hidden="true">
        {field.value ? 'Enabled' : 'Disabled'}
      </span>
    </div>
  );
}

type TNetworkEntry = TAdminCoin['networks'][number];

/**
 * A network's watch-only key (issue 32 point 1, docs/decisions/056): the key typed, a Preview that
 * asks the server for its first three receive addresses (to compare with the wallet app before
 * saving), the key in force with its next index, and the gap warning.
 */
function DepositKeyField({
  coin,
  entry,
  formId,
  disabled,
  preview,
  onPreview,
}: {
  coin: TAdminCoin;
  entry: TNetworkEntry;
  formId: string;
  disabled: boolean;
  preview: { key: string; preview: TDepositKeyPreview } | undefined;
  onPreview: (key: string, preview: TDepositKeyPreview) => void;
}) {
  const form = useFormContext<TCoinFormValues>();
  const typed = (useWatch<TCoinFormValues>({ name: `depositKeys.${entry.network}` }) as string | undefined) ?? '';
  const check = usePreviewDepositKey();
  const family = keyFamilyOf(entry.network);
  const scheme = family ? KEY_SCHEME[family] : null;
  const field = `depositKeys.${entry.network}` as const;
  const shown = preview && preview.key === typed.trim() ? preview.preview : null;
  const inForce = entry.depositKey;

  const onClick = () => {
    const key = typed.trim();
    form.clearErrors(field);
    if (key === '') return;
    // A private key never leaves the page.
    if (looksPrivate(key)) {
      form.setError(field, { message: DEPOSIT_KEY_MSG.privateKey });
      return;
    }
    check.mutate(
      { coinId: coin.id, network: entry.network, extendedKey: key },
      {
        onSuccess: (result) => onPreview(key, result),
        onError: (failure) => form.setError(field, { message: getErrorMessage(failure, DEPOSIT_KEY_MSG.notAKey) }),
      },
    );
  };

  return (
    <div className="space-y-2 rounded-md border border-slate-200 p-2">
      <TextField
        label="Watch-only key"
        aria-label={`${coin.name} watch-only key on ${entry.label}`}
        name={field}
        form={formId}
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        placeholder="No key: the address above is used"
        disabled={disabled}
        hint={scheme ? DEPOSIT_KEY_MSG.keyHint(scheme.path, scheme.prefixes) : undefined}
        className="py-2 font-mono text-xs"
      />
      <Button
        type="button"
        size="sm"
        variant="secondary"
        aria-label={`Preview addresses of the ${coin.name} key on ${entry.label}`}
        disabled={disabled || typed.trim() === ''}
        isLoading={check.isPending}
        loadingText="Checking..."
        onClick={onClick}
      >
        Preview addresses
      </Button>
      {shown && (
        <div className="text-sm text-slate-700">
          <p>
            First addresses of this key ({shown.prefix}, fingerprint {shown.fingerprint}, {shown.scheme}). Compare them with the first
            receive addresses in your wallet app before saving:
          </p>
          <ol
            aria-label={`First addresses of the ${coin.name} key on ${entry.label}`}
            className="list-decimal pl-6 font-mono text-xs break-all"
          >
            {shown.addresses.map((address) => (
              <li key={address}>{address}</li>
            ))}
          </ol>
        </div>
      )}
      {inForce && (
        <p className="text-xs text-slate-600">
          Key in force: fingerprint {inForce.fingerprint}, next address index {inForce.nextIndex}.
        </p>
      )}
      {inForce && inForce.unusedInARow >= GAP_LIMIT && (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
          {DEPOSIT_KEY_MSG.gapWarning(inForce.unusedInARow)}
        </p>
      )}
    </div>
  );
}
