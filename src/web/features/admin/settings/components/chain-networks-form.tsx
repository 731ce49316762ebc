import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHAIN_WATCH_MSG,
  ZChainNetwork,
  ZChainNetworks,
  ZChainNetworkUpdate,
  type TChainNetwork,
  type TChainNetworkUpdate,
} from '#shared/contracts/chain-watch.js';
import { networkLabel } from '#shared/networks.js';
import { Button } from '#web/components/ui/button.js';
import { Input } from '#web/components/ui/input.js';
import { QueryErrorAlert } from '#web/components/ui/query-error-alert.js';
import { useToast } from '#web/components/ui/toast.js';
import { ApiError, apiRequest, getErrorMessage } from '#web/lib/api.js';
import { formatDateTime } from '#web/lib/format-date.js';

const CHAIN_NETWORKS_KEY = ['admin', 'chain-networks'] as const;

/** What the watcher of a network is doing, in the operator's words. */
export function chainNetworkStatus(network: TChainNetwork): string {
  if (!network.rpcHost && !network.hasEnvEndpoint) return 'Not watched: no endpoint';
  if (network.lastError) return `Failing: ${network.lastError}`;
  if (!network.polledAt) return 'Waiting for its first poll';
  return `Watching (last poll ${formatDateTime(network.polledAt)})`;
}

/**
 * The chain watchers in Settings (issue 32, docs/decisions/058; GET/PUT /api/admin/chain-networks,
 * src/server/modules/chain-watch/routes.ts): each watched network with its endpoint (only its host:
 * the URL may hold a provider's key and is never read back), confirmations, the last block seen and
 * its status; the super admin changes the endpoint and the confirmations. The server decides access
 * (Settings area) and checks every value again; token contracts stay in the server's environment.
 */
export function ChainNetworksSection() {
  const query = useQuery({
    queryKey: CHAIN_NETWORKS_KEY,
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/chain-networks', { schema: ZChainNetworks, signal, operation: 'Loading the chain watchers' }),
    // The last block seen and the status move while the page is open.
    refetchInterval: 5000,
  });
  return (
    <section aria-labelledby="chain-networks-heading" className="card mt-8 space-y-4">
      <div className="space-y-1">
        <h2 id="chain-networks-heading" className="text-lg font-semibold text-slate-900">
          Chain watchers
        </h2>
        <p className="text-sm text-slate-600">
          Each watcher finds the deposits to sell orders&apos; own addresses and counts their confirmations; at the number required the
          deposit is confirmed. Use your own node or a provider&apos;s endpoint. Its URL is never shown again, only its host.
        </p>
      </div>
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data?.networks.map((network) => (
        <ChainNetworkForm key={network.network} network={network} />
      ))}
    </section>
  );
}

type TFieldErrors = Partial<Record<'rpcUrl' | 'requiredConfirmations', string>>;

function ChainNetworkForm({ network }: { network: TChainNetwork }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const headingId = useId();
  const removeId = useId();
  const label = networkLabel(network.network);
  const [endpoint, setEndpoint] = useState('');
  const [removeEndpoint, setRemoveEndpoint] = useState(false);
  const [confirmations, setConfirmations] = useState(String(network.requiredConfirmations));
  const [errors, setErrors] = useState<TFieldErrors>({});
  const save = useMutation({
    mutationFn: (update: TChainNetworkUpdate) =>
      apiRequest(`/api/admin/chain-networks/${network.network}`, {
        method: 'PUT',
        body: update,
        schema: ZChainNetwork,
        operation: `Saving the ${label} watcher`,
      }),
    onSuccess: (saved) =>
      queryClient.setQueryData(CHAIN_NETWORKS_KEY, (data: { networks: TChainNetwork[] } | undefined) =>
        data ? { networks: data.networks.map((row) => (row.network === saved.network ? saved : row)) } : data,
      ),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const update = {
      // Empty: the endpoint set stays; the box ticked: none set here (the environment's then).
      ...(removeEndpoint ? { rpcUrl: null } : endpoint.trim() ? { rpcUrl: endpoint.trim() } : {}),
      requiredConfirmations: /^\s*\d+\s*$/.test(confirmations) ? Number(confirmations) : Number.NaN,
    };
    const checked = ZChainNetworkUpdate.safeParse(update);
    if (!checked.success) {
      // The product's words for each field, whatever zod's own message would be.
      const fields = new Set(checked.error.issues.map((issue) => issue.path[0]));
      setErrors({
        ...(fields.has('rpcUrl') ? { rpcUrl: CHAIN_WATCH_MSG.rpcUrlInvalid } : {}),
        ...(fields.has('requiredConfirmations') ? { requiredConfirmations: CHAIN_WATCH_MSG.confirmationsRange } : {}),
      });
      return;
    }
    setErrors({});
    save.mutate(checked.data, {
      onSuccess: (saved) => {
        setEndpoint('');
        setRemoveEndpoint(false);
        setConfirmations(String(saved.requiredConfirmations));
        toast.success(`${label} watcher saved.`);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
        else toast.error(getErrorMessage(error));
      },
    });
  };

  const endpointText = network.rpcHost ?? (network.hasEnvEndpoint ? "The server's environment" : 'None');
  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {label}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Endpoint</dt>
        <dd className="break-all text-slate-900">{endpointText}</dd>
        <dt className="text-slate-600">Confirmations required</dt>
        <dd className="text-slate-900">{network.requiredConfirmations}</dd>
        <dt className="text-slate-600">Last block seen</dt>
        <dd className="text-slate-900">{network.lastBlock ?? 'None yet'}</dd>
        <dt className="text-slate-600">Chain head</dt>
        <dd className="text-slate-900">{network.headBlock ?? 'Not read yet'}</dd>
        <dt className="text-slate-600">Status</dt>
        <dd className="break-words text-slate-900">{chainNetworkStatus(network)}</dd>
      </dl>
      <form noValidate onSubmit={submit} aria-label={`${label} watcher`} className="grid gap-4 md:grid-cols-2">
        <Input
          label={`${label} endpoint URL`}
          type="url"
          autoComplete="off"
          spellCheck={false}
          value={endpoint}
          disabled={removeEndpoint}
          onChange={(event) => setEndpoint(event.target.value)}
          error={errors.rpcUrl}
          hint={network.rpcHost ? 'Leave empty to keep the endpoint set.' : 'An http(s) URL of your node or provider.'}
        />
        <Input
          label={`${label} confirmations required`}
          inputMode="numeric"
          value={confirmations}
          onChange={(event) => setConfirmations(event.target.value)}
          error={errors.requiredConfirmations}
        />
        {network.rpcHost && (
          <div className="flex items-center gap-2 md:col-span-2">
            <input
              id={removeId}
              type="checkbox"
              checked={removeEndpoint}
              onChange={(event) => setRemoveEndpoint(event.target.checked)}
              className="size-4 rounded border-slate-300 accent-brand-700"
            />
            <label htmlFor={removeId} className="text-sm font-medium text-slate-800">
              {network.hasEnvEndpoint ? "Remove this endpoint (use the server's environment)" : 'Remove this endpoint (stop watching)'}
            </label>
          </div>
        )}
        <div className="md:col-span-2">
          <Button type="submit" isLoading={save.isPending} loadingText="Saving…">
            Save {label} watcher
          </Button>
        </div>
      </form>
    </section>
  );
}
