import { useState, type FormEvent } from 'react';
import type { TOrder } from '#shared/contracts/orders.js';
import { TRAVEL_RULE_MSG, type TTravelRule, type TWalletType } from '#shared/contracts/travel-rule.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { Input } from '#web/components/ui/input.js';
import { Textarea } from '#web/components/ui/textarea.js';
import { ApiError, getErrorMessage } from '#web/lib/api.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { useDeclareTravelRule, useProveTravelRule } from '#web/features/orders/api/travel-rule.js';
import { CopyValue } from './copy-value';

/*
 * The Travel Rule data of an order on its page (issue 34 point 1, docs/decisions/076-travel-rule-data.md):
 * where the other wallet is (the customer's own, or an account at an exchange), and, when the
 * order needs it, the signature of the server's message with a self-hosted wallet. What the
 * customer typed stays in the fields whatever the server answers; a refusal shows on its field.
 */

/** How each wallet family signs a message, in the words of their wallets. */
const SIGN_HOW: Record<NonNullable<TTravelRule['signatureFormat']>, string> = {
  btc: 'In your Bitcoin wallet (Electrum, Sparrow, Trezor, Bitcoin Core), choose "Sign message", pick this address, paste the message and copy the signature (base64).',
  evm: 'In your wallet (MetaMask or another), sign the message with this address (personal_sign) and copy the signature (0x…).',
  tron: 'In your TRON wallet (TronLink), sign the message with this address and copy the signature (0x…).',
};

const WALLET_TYPE_LABELS: Record<TWalletType, string> = {
  self_hosted: 'My own wallet (self-hosted)',
  provider: 'An account at an exchange',
};

const fieldOf = (error: unknown, name: string): string | undefined => (error instanceof ApiError ? error.fields?.[name] : undefined);

export function TravelRuleSection({ order, travelRule }: { order: TOrder; travelRule: TTravelRule }) {
  const isSell = order.type === 'sell';
  return (
    <section aria-labelledby="travel-rule-heading" className="card space-y-4">
      <h2 id="travel-rule-heading" className="text-lg font-semibold text-slate-900">
        {isSell ? 'The wallet you send from' : 'The wallet you receive in'}
      </h2>
      {travelRule.message && <Alert variant={travelRule.required ? 'warning' : 'info'}>{travelRule.message}</Alert>}
      {travelRule.status === 'complete' || travelRule.status === 'review' || travelRule.message === null ? (
        <TravelRuleSummary travelRule={travelRule} />
      ) : (
        <>
          {travelRule.status === 'missing' && <DeclarationForm order={order} travelRule={travelRule} />}
          {travelRule.status === 'proof_needed' && <ProofForm order={order} travelRule={travelRule} />}
        </>
      )}
    </section>
  );
}

/** What was stated, as Order Details shows it. */
export function TravelRuleSummary({ travelRule }: { travelRule: TTravelRule }) {
  if (travelRule.walletType === null) return <p className="text-sm text-slate-600">Not stated.</p>;
  return (
    <dl className="divide-y divide-slate-100 text-sm">
      <div className="py-2">
        <dt className="text-slate-600">Where the wallet is</dt>
        <dd className="font-medium text-slate-900">{WALLET_TYPE_LABELS[travelRule.walletType]}</dd>
      </div>
      {travelRule.providerName && (
        <div className="py-2">
          <dt className="text-slate-600">Exchange</dt>
          <dd className="font-medium break-words text-slate-900">{travelRule.providerName}</dd>
        </div>
      )}
      {travelRule.providerAccount && (
        <div className="py-2">
          <dt className="text-slate-600">Account at the exchange</dt>
          <dd className="font-medium break-words text-slate-900">{travelRule.providerAccount}</dd>
        </div>
      )}
      {travelRule.address && (
        <div className="py-2">
          <dt className="text-slate-600">Wallet address</dt>
          <dd className="font-mono break-all text-slate-900">{travelRule.address}</dd>
        </div>
      )}
      {travelRule.verifiedAt && (
        <div className="py-2">
          <dt className="text-slate-600">Proven by signature</dt>
          <dd className="text-slate-900">{formatDateTime(travelRule.verifiedAt)}</dd>
        </div>
      )}
    </dl>
  );
}

function DeclarationForm({ order, travelRule }: { order: TOrder; travelRule: TTravelRule }) {
  const mutation = useDeclareTravelRule(order.id);
  const [walletType, setWalletType] = useState<TWalletType | null>(travelRule.walletType);
  const [providerName, setProviderName] = useState(travelRule.providerName ?? '');
  const [providerAccount, setProviderAccount] = useState(travelRule.providerAccount ?? '');
  const [address, setAddress] = useState(travelRule.address ?? '');
  const [missing, setMissing] = useState<Record<string, string>>({});
  const isSell = order.type === 'sell';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (mutation.isPending) return;
    const errors: Record<string, string> = {};
    if (walletType === null) errors.walletType = TRAVEL_RULE_MSG.walletTypeRequired;
    if (walletType === 'provider' && !providerName.trim()) errors.providerName = TRAVEL_RULE_MSG.providerNameRequired;
    if (walletType === 'provider' && !providerAccount.trim()) errors.providerAccount = TRAVEL_RULE_MSG.providerAccountRequired;
    if (walletType === 'self_hosted' && isSell && !address.trim()) errors.address = TRAVEL_RULE_MSG.addressRequired;
    setMissing(errors);
    if (walletType === null || Object.keys(errors).length > 0) return;
    mutation.mutate(
      walletType === 'provider'
        ? { walletType, providerName: providerName.trim(), providerAccount: providerAccount.trim() }
        : { walletType, ...(isSell ? { address: address.trim() } : {}) },
    );
  }

  const errorOf = (name: string) => missing[name] ?? fieldOf(mutation.error, name);
  const formError =
    mutation.error && !(mutation.error instanceof ApiError && mutation.error.fields) ? getErrorMessage(mutation.error) : null;
  return (
    <form className="space-y-4" aria-label="Wallet details" noValidate onSubmit={submit} aria-busy={mutation.isPending || undefined}>
      <fieldset className="space-y-2" aria-describedby={errorOf('walletType') ? 'travel-rule-type-error' : undefined}>
        <legend className="text-sm font-medium text-slate-900">Where is the wallet?</legend>
        {(['self_hosted', 'provider'] as const).map((type) => (
          <label key={type} className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name="walletType"
              value={type}
              checked={walletType === type}
              onChange={() => setWalletType(type)}
              className="mt-1 accent-brand-700"
            />
            <span>{WALLET_TYPE_LABELS[type]}</span>
          </label>
        ))}
        {errorOf('walletType') && (
          <p id="travel-rule-type-error" className="text-sm text-red-700">
            {errorOf('walletType')}
          </p>
        )}
      </fieldset>
      {walletType === 'provider' && (
        <>
          <Input
            label="Exchange name"
            value={providerName}
            onChange={(e) => setProviderName(e.target.value)}
            error={errorOf('providerName')}
          />
          <Input
            label="Your account at the exchange"
            hint="Your user ID or the email of your account there."
            value={providerAccount}
            onChange={(e) => setProviderAccount(e.target.value)}
            error={errorOf('providerAccount')}
          />
        </>
      )}
      {walletType === 'self_hosted' &&
        (isSell ? (
          <Input
            label="Your wallet address"
            hint="The address you send the coins from."
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            error={errorOf('address')}
            className="font-mono"
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
          />
        ) : (
          <p className="text-sm break-all text-slate-600">
            Your wallet address: <span className="font-mono text-slate-900">{order.walletAddress}</span>
          </p>
        ))}
      {formError && <Alert variant="error">{formError}</Alert>}
      <Button type="submit" isLoading={mutation.isPending} loadingText="Saving…">
        Confirm wallet details
      </Button>
    </form>
  );
}

function ProofForm({ order, travelRule }: { order: TOrder; travelRule: TTravelRule }) {
  const mutation = useProveTravelRule(order.id);
  const [signature, setSignature] = useState('');
  const [missing, setMissing] = useState<string | undefined>();
  const challenge = travelRule.challenge ?? '';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (mutation.isPending) return;
    const empty = signature.trim() === '';
    setMissing(empty ? TRAVEL_RULE_MSG.signatureRequired : undefined);
    if (!empty) mutation.mutate(signature.trim());
  }

  const formError =
    mutation.error && !(mutation.error instanceof ApiError && mutation.error.fields) ? getErrorMessage(mutation.error) : null;
  return (
    <form
      className="space-y-3"
      aria-label="Prove the wallet is yours"
      noValidate
      onSubmit={submit}
      aria-busy={mutation.isPending || undefined}
    >
      <TravelRuleSummary travelRule={travelRule} />
      <dl>
        <CopyValue label="Message to sign" value={challenge} copyText={challenge} copyLabel="Copy message" mono />
      </dl>
      {travelRule.signatureFormat && <p className="text-sm text-slate-600">{SIGN_HOW[travelRule.signatureFormat]}</p>}
      <Textarea
        label="Signature"
        rows={3}
        value={signature}
        onChange={(e) => setSignature(e.target.value)}
        error={missing ?? fieldOf(mutation.error, 'signature')}
        className="font-mono"
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
      />
      {formError && <Alert variant="error">{formError}</Alert>}
      <Button type="submit" isLoading={mutation.isPending} loadingText="Checking…">
        Check signature
      </Button>
    </form>
  );
}
