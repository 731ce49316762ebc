import { useId, useState } from 'react';
import { ADMIN_MSG } from '#shared/contracts/admin.js';
import { COIN_NETWORKS } from '#shared/wallet-address.js';
import { Button } from '#web/components/ui/button.js';
import { controlClassName } from '#web/components/ui/field.js';
import { Switch } from '#web/components/ui/switch.js';
import { TableCell, TableRow } from '#web/components/ui/table.js';
import { useToast } from '#web/components/ui/toast.js';
import { ApiError, getErrorMessage } from '#web/lib/api.js';
import { cn } from '#web/lib/cn.js';
import { useUpdateCoin, type TAdminCoin, type TCoinUpdate } from '#web/features/admin/coins/api/coins.js';
import { isValidDepositAddress } from '#web/features/admin/coins/wallet-check.js';

type TDraft = { walletAddress: string; isEnabled: boolean };
/** Spec section 2: a row is clean, changed or saving. */
export type TCoinRowState = 'clean' | 'changed' | 'saving';

const toDraft = (coin: TAdminCoin): TDraft => ({ walletAddress: coin.walletAddress ?? '', isEnabled: coin.isEnabled });
const sameAs = (draft: TDraft, coin: TAdminCoin) =>
  draft.walletAddress.trim() === (coin.walletAddress ?? '') && draft.isEnabled === coin.isEnabled;

/** One coin: its wallet address and switch are edited locally and saved together with the row's Save. */
export function CoinRow({ coin }: { coin: TAdminCoin }) {
  const [draft, setDraft] = useState<TDraft>(() => toDraft(coin));
  const [syncedCoin, setSyncedCoin] = useState(coin);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateCoin();
  const toast = useToast();
  const inputId = useId();
  const errorId = `${inputId}-error`;

  // The server's copy changed (saved here, or re-read): a row without own edits follows it.
  if (coin !== syncedCoin) {
    setSyncedCoin(coin);
    if (sameAs(draft, syncedCoin) || sameAs(draft, coin)) setDraft(toDraft(coin));
  }

  const state: TCoinRowState = update.isPending ? 'saving' : sameAs(draft, coin) ? 'clean' : 'changed';
  const network = coin.network || COIN_NETWORKS[coin.symbol] || '';

  const onSave = () => {
    const address = draft.walletAddress.trim();
    if (address && !isValidDepositAddress(coin.symbol, address)) {
      setError(ADMIN_MSG.invalidWallet(coin.name));
      return;
    }
    setError(null);
    const changes: TCoinUpdate = {};
    if (address !== (coin.walletAddress ?? '')) changes.walletAddress = address || null;
    if (draft.isEnabled !== coin.isEnabled) changes.isEnabled = draft.isEnabled;
    update.mutate(
      { id: coin.id, update: changes },
      {
        onSuccess: () => toast.success(`${coin.name} saved.`),
        onError: (failure) => {
          // The draft is kept, so the row reads as changed again and can be saved once more.
          const fieldMessage = failure instanceof ApiError ? failure.fields?.walletAddress : undefined;
          if (fieldMessage) setError(fieldMessage);
          else toast.error(getErrorMessage(failure));
        },
      },
    );
  };

  const isSaving = state === 'saving';

  return (
    <TableRow data-state={state}>
      <TableCell className="align-top">
        <span className="block font-medium text-slate-900">{coin.name}</span>
        <span className="block text-xs font-semibold text-slate-500">{coin.symbol.toUpperCase()}</span>
      </TableCell>
      <TableCell className="align-top text-slate-700">{network}</TableCell>
      <TableCell className="align-top">
        <label htmlFor={inputId} className="sr-only">
          {coin.name} wallet address
        </label>
        <input
          id={inputId}
          name={`walletAddress-${coin.symbol}`}
          type="text"
          autoComplete="off"
          spellCheck={false}
          maxLength={120}
          placeholder="No wallet address set"
          value={draft.walletAddress}
          disabled={isSaving}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            const walletAddress = event.target.value;
            setDraft((current) => ({ ...current, walletAddress }));
            setError(null);
          }}
          className={cn(controlClassName, 'w-80 font-mono text-sm lg:w-[28rem]')}
        />
        {error && (
          <p id={errorId} className="mt-1 max-w-80 text-sm font-medium text-red-700 lg:max-w-[28rem]">
            {error}
          </p>
        )}
      </TableCell>
      <TableCell className="align-top">
        <div className="flex items-center gap-2 pt-2">
          <Switch
            checked={draft.isEnabled}
            onCheckedChange={(isEnabled) => setDraft((current) => ({ ...current, isEnabled }))}
            label={`${coin.name} enabled`}
            hideLabel
            disabled={isSaving}
          />
          <span className="text-sm text-slate-700" aria-hidden="true">
            {draft.isEnabled ? 'Enabled' : 'Disabled'}
          </span>
        </div>
      </TableCell>
      <TableCell className="text-right align-top">
        <div className="flex flex-col items-end gap-1">
          <Button
            size="sm"
            aria-label={`Save ${coin.name}`}
            disabled={state !== 'changed'}
            isLoading={isSaving}
            loadingText="Saving..."
            onClick={onSave}
          >
            Save
          </Button>
          {state === 'changed' && <span className="text-xs text-amber-700">Unsaved changes</span>}
        </div>
      </TableCell>
    </TableRow>
  );
}
