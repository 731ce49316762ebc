import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZAdminPaymentMethodList } from '#shared/contracts/admin.js';
import { ZAutoPayoutPolicy, type TAutoPayoutPolicy } from '#shared/contracts/momo.js';
import { Button } from '#web/components/ui/button.js';
import { Input } from '#web/components/ui/input.js';
import { Select } from '#web/components/ui/select.js';
import { Switch } from '#web/components/ui/switch.js';
import { useToast } from '#web/components/ui/toast.js';
import { ApiError, apiRequest, getErrorMessage } from '#web/lib/api.js';

const POLICY_KEY = ['admin', 'auto-payout-policy'] as const;
const ZPolicyAnswer = z.object({ policy: ZAutoPayoutPolicy });

/**
 * Automatic payouts (issue 33 points 4-5, docs/decisions/061) in Settings: the super admin turns
 * the policy on with the MTN MoMo wallet payouts leave from, and sets the caps and the tier. The
 * server checks every value again and audits the change.
 */
export function AutoPayoutForm() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const query = useQuery({
    queryKey: POLICY_KEY,
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/auto-payout-policy', { schema: ZPolicyAnswer, signal, operation: 'Loading the payout policy' }),
  });
  // The wallets payouts may leave from: the business's MTN MoMo payment methods.
  const methods = useQuery({
    queryKey: [...POLICY_KEY, 'wallets'],
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/payment-methods', { schema: ZAdminPaymentMethodList, signal, operation: 'Loading the wallets' }),
    select: (data) => data.paymentMethods,
  });
  const save = useMutation({
    mutationFn: (policy: TAutoPayoutPolicy) =>
      apiRequest('/api/admin/auto-payout-policy', {
        method: 'PUT',
        body: policy,
        schema: ZPolicyAnswer,
        operation: 'Saving the payout policy',
      }),
    onSuccess: (answer) => queryClient.setQueryData(POLICY_KEY, answer),
  });
  const [draft, setDraft] = useState<TAutoPayoutPolicy | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (query.data) setDraft(query.data.policy);
  }, [query.data]);
  if (!draft) return null;

  const wallets = (methods.data ?? [])
    .filter((method) => method.details.type === 'momo' && method.details.provider === 'MTN MoMo')
    .map((method) => ({ value: String(method.id), label: method.name }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate(draft, {
      onSuccess: () => toast.success('Payout policy saved.'),
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
        else toast.error(getErrorMessage(error));
      },
    });
  };

  return (
    <section aria-labelledby="auto-payout-heading" className="card mt-8 space-y-4">
      <div className="space-y-1">
        <h2 id="auto-payout-heading" className="text-lg font-semibold text-slate-900">
          Automatic payouts
        </h2>
        <p className="text-sm text-slate-600">
          When a sell&apos;s deposit is confirmed, MTN MoMo pays the seller&apos;s verified phone without staff if every rule below holds.
          Anything else waits for staff, with the reason in Order Details.
        </p>
      </div>
      <form noValidate onSubmit={submit} className="grid gap-4 md:grid-cols-2">
        <Switch label="Pay sellers automatically" checked={draft.enabled} onCheckedChange={(enabled) => setDraft({ ...draft, enabled })} />
        <Select
          label="Pay from (MTN MoMo wallet)"
          placeholder="Choose a wallet"
          options={wallets}
          value={draft.paidFromMethodId === null ? '' : String(draft.paidFromMethodId)}
          onChange={(event) => setDraft({ ...draft, paidFromMethodId: event.target.value ? Number(event.target.value) : null })}
          error={errors.paidFromMethodId}
        />
        <Input
          label="Most per order (GHS)"
          inputMode="decimal"
          value={draft.maxGhs}
          onChange={(event) => setDraft({ ...draft, maxGhs: event.target.value })}
          error={errors.maxGhs}
        />
        <Input
          label="Most per day (GHS)"
          inputMode="decimal"
          value={draft.dailyCapGhs}
          onChange={(event) => setDraft({ ...draft, dailyCapGhs: event.target.value })}
          error={errors.dailyCapGhs}
          hint="All automatic payouts of a business day (Ghana time) together."
        />
        <Select
          label="Lowest customer tier"
          options={[
            { value: '0', label: 'Tier 0' },
            { value: '1', label: 'Tier 1' },
            { value: '2', label: 'Tier 2' },
          ]}
          value={String(draft.minTier)}
          onChange={(event) => setDraft({ ...draft, minTier: Number(event.target.value) })}
        />
        <div className="md:col-span-2">
          <Button type="submit" isLoading={save.isPending} loadingText="Saving…">
            Save payout policy
          </Button>
        </div>
      </form>
    </section>
  );
}
