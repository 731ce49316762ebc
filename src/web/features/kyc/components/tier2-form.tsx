import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { KYC_MSG, SOURCE_OF_FUNDS_LABELS, SOURCES_OF_FUNDS, ZKycLevel2Fields, type TKycLevel2Fields } from '#shared/contracts/kyc.js';
import { Form, FormAlert, SelectField, TextareaField, TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { Button } from '#web/components/ui/button.js';
import { toOptions } from '#web/components/ui/select.js';
import { ApiError } from '#web/lib/api.js';
import { useSubmitKyc } from '#web/features/kyc/api/submit-kyc.js';
import { checkDocument } from '#web/features/kyc/lib/check-document.js';
import { DocumentInput } from './document-input';
import { UploadProgress } from './upload-progress';

/** The fields as the form holds them: no source chosen yet is ''. */
type TTier2FormValues = {
  level: '2';
  address: string;
  city: string;
  country: string;
  sourceOfFunds: '' | TKycLevel2Fields['sourceOfFunds'];
  sourceOfFundsDetail: string;
};

type DocumentState = { file: File | null; error: string | null; isChecked: boolean };

/**
 * The Tier 2 request (docs/decisions/016): the address with a proof of it (a utility bill or bank
 * statement, JPEG or PNG under 5 MB) and where the money comes from (a few words with "Other").
 * Checked here with the shared rules; the server checks again, its field messages land here.
 */
export function Tier2Form({ onSubmitted }: { onSubmitted: () => void }) {
  const form = useZodForm<typeof ZKycLevel2Fields, TTier2FormValues>(ZKycLevel2Fields, {
    defaultValues: { level: '2', address: '', city: '', country: 'Ghana', sourceOfFunds: '', sourceOfFundsDetail: '' },
  });
  const sourceOfFunds = useWatch({ control: form.control, name: 'sourceOfFunds' });
  const [proof, setProof] = useState<DocumentState>({ file: null, error: null, isChecked: false });
  const [progress, setProgress] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const submitMutation = useSubmitKyc();
  const isSubmitting = submitMutation.isPending;

  useEffect(() => () => abortRef.current?.abort(), []);

  const focusProof = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('input[type="file"]')?.focus());
  const checkProof = async (file: File | null): Promise<string | null> => {
    const error = file ? await checkDocument(file) : KYC_MSG.addressProofRequired;
    setProof((current) => (current.file === file ? { file, error, isChecked: true } : current));
    return error;
  };

  return (
    <Form
      form={form}
      ref={formRef}
      className="space-y-5"
      aria-busy={isSubmitting || undefined}
      aria-label="Tier 2 verification"
      onInvalid={() => void checkProof(proof.file)}
      onSubmit={async (fields) => {
        if (isSubmitting) return;
        const file = proof.file;
        if ((await checkProof(file)) || !file) {
          focusProof();
          return;
        }
        abortRef.current?.abort();
        const controller = new AbortController();
        abortRef.current = controller;
        setProgress(0);
        submitMutation.mutate(
          {
            input: { fields: { ...fields, sourceOfFundsDetail: fields.sourceOfFundsDetail || undefined }, files: { addressProof: file } },
            onProgress: setProgress,
            signal: controller.signal,
          },
          {
            onSuccess: onSubmitted,
            onError: (error) => {
              if (error instanceof ApiError && error.code === 'ABORTED') return;
              const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
              const proofError = fields.addressProof;
              if (proofError) {
                setProof((current) => ({ ...current, error: proofError, isChecked: true }));
                if (Object.keys(fields).every((key) => key === 'addressProof')) {
                  focusProof();
                  return;
                }
              }
              // The server's message, or the product's KYC fallback (docs/product.md §8).
              const isOurs = error instanceof ApiError && error.code !== 'UNEXPECTED' && error.code !== 'BAD_RESPONSE';
              showServerError(form, isOurs ? error : null, { fallback: KYC_MSG.generic });
            },
          },
        );
      }}
    >
      <fieldset disabled={isSubmitting} className="space-y-5">
        <legend className="sr-only">Proof of address and source of funds</legend>
        <TextField label="Address" name="address" autoComplete="street-address" required hint="As shown on your proof of address." />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="City" name="city" autoComplete="address-level2" required />
          <TextField label="Country" name="country" autoComplete="country-name" required />
        </div>
        <DocumentInput
          label="Proof of address"
          name="addressProof"
          hint="A utility bill or bank statement of the last 3 months with your name and address."
          file={proof.file}
          error={proof.error ?? undefined}
          canPreview={proof.isChecked && !proof.error}
          onSelect={(file) => {
            setProof({ file, error: null, isChecked: false });
            if (file) void checkProof(file);
          }}
        />
        <SelectField
          label="Source of funds"
          name="sourceOfFunds"
          required
          placeholder="Where does the money you trade with come from?"
          options={toOptions(SOURCES_OF_FUNDS, SOURCE_OF_FUNDS_LABELS)}
          registerOptions={{ deps: ['sourceOfFundsDetail'] }}
        />
        <TextareaField
          label="Details"
          name="sourceOfFundsDetail"
          rows={3}
          maxLength={500}
          required={sourceOfFunds === 'other'}
          hint={sourceOfFunds === 'other' ? 'Required with "Other": say in a few words where the money comes from.' : 'Optional.'}
        />
      </fieldset>

      {isSubmitting && <UploadProgress percent={progress} />}

      <FormAlert />
      <Button type="submit" className="w-full sm:w-auto" isLoading={isSubmitting}>
        Request Tier 2
      </Button>
    </Form>
  );
}
