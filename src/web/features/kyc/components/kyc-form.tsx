import { useEffect, useRef, useState, type FormEvent } from 'react';
import { GHANA_CARD_PATTERN, KYC_ID_TYPE_LABELS, KYC_ID_TYPES, KYC_MSG, ZKycFields } from '#shared/contracts/kyc.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { controlClassName, Field } from '#web/components/ui/field.js';
import { Input } from '#web/components/ui/input.js';
import { useToast } from '#web/components/ui/toast.js';
import { ApiError } from '#web/lib/api.js';
import { getFieldErrors, type FieldErrors } from '#web/lib/form-errors.js';
import { useSubmitKyc } from '#web/features/kyc/api/submit-kyc.js';
import { checkDocument } from '#web/features/kyc/lib/check-document.js';
import { DocumentInput } from './document-input';
import { UploadProgress } from './upload-progress';

type TextField = 'idType' | 'idNumber' | 'address' | 'city' | 'country';
type DocumentSide = 'front' | 'back';
type TextValues = Record<TextField, string>;

/** A chosen document and the result of its client-side check (null error: passed). */
type DocumentState = { file: File | null; error: string | null; isChecked: boolean };

const EMPTY_VALUES: TextValues = { idType: '', idNumber: '', address: '', city: '', country: 'Ghana' };
const EMPTY_DOCUMENT: DocumentState = { file: null, error: null, isChecked: false };
const KYC_FIELDS: readonly string[] = ['idType', 'idNumber', 'address', 'city', 'country', 'front', 'back'];

/** The server's message for a failure, or the product's KYC fallback (docs/product.md §8). */
function getKycErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return KYC_MSG.generic;
  if (error.code === 'UNEXPECTED' || error.code === 'BAD_RESPONSE') return KYC_MSG.generic;
  return error.message || KYC_MSG.generic;
}

/**
 * The KYC form (docs/product.md §2 and §5). Everything is checked here first with the shared rules;
 * the server checks again (documents by their bytes) and its per-field messages land under the
 * fields. Values and chosen files survive any error. `onSubmitted` runs after a 201.
 */
export function KycForm({ onSubmitted }: { onSubmitted: () => void }) {
  const [values, setValues] = useState<TextValues>(EMPTY_VALUES);
  const [documents, setDocuments] = useState<Record<DocumentSide, DocumentState>>({ front: EMPTY_DOCUMENT, back: EMPTY_DOCUMENT });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<TextField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const submitMutation = useSubmitKyc();
  const toast = useToast();
  const isSubmitting = submitMutation.isPending;

  // Leaving the page cancels an upload still in flight.
  useEffect(() => () => abortRef.current?.abort(), []);

  const focusFirstInvalid = () => {
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const setValue = (field: TextField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const selectDocument = (side: DocumentSide, file: File | null) => {
    setDocuments((current) => ({ ...current, [side]: { file, error: null, isChecked: false } }));
    if (!file) return;
    void checkDocument(file).then((error) => {
      // Only the file still selected gets its result (a quicker second choice may have replaced it).
      setDocuments((current) => (current[side].file === file ? { ...current, [side]: { file, error, isChecked: true } } : current));
    });
  };

  const showServerErrors = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'ABORTED') return;
    const message = getKycErrorMessage(error);
    const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
    const textErrors: FieldErrors<TextField> = {};
    for (const [key, text] of Object.entries(fields)) {
      if (!KYC_FIELDS.includes(key)) continue;
      if (key === 'front' || key === 'back') {
        setDocuments((current) => ({ ...current, [key]: { ...current[key], error: text, isChecked: true } }));
      } else {
        textErrors[key as TextField] = text;
      }
    }
    setFieldErrors(textErrors);
    setFormError(message);
    toast.error(message);
    if (Object.keys(fields).length > 0) focusFirstInvalid();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setFormError(null);

    const parsed = ZKycFields.safeParse(values);
    const errors: FieldErrors<TextField> = parsed.success ? {} : getFieldErrors<TextField>(parsed.error);
    const [frontError, backError] = await Promise.all([checkDocument(documents.front.file), checkDocument(documents.back.file)]);
    setDocuments((current) => ({
      front: { ...current.front, error: frontError, isChecked: true },
      back: { ...current.back, error: backError, isChecked: true },
    }));
    setFieldErrors(errors);
    const front = documents.front.file;
    const back = documents.back.file;
    if (!parsed.success || frontError || backError || !front || !back) {
      focusFirstInvalid();
      return;
    }

    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress(0);
    submitMutation.mutate(
      { input: { fields: parsed.data, front, back }, onProgress: setProgress, signal: controller.signal },
      { onSuccess: onSubmitted, onError: showServerErrors },
    );
  };

  const isGhanaCard = values.idType === 'national_id';
  const documentError = (side: DocumentSide) => documents[side].error ?? undefined;
  const idNumberHint = isGhanaCard ? 'GHA-XXXXXXXXX-X' : undefined;
  const idNumberLooksWrong = isGhanaCard && values.idNumber.trim() !== '' && !GHANA_CARD_PATTERN.test(values.idNumber.trim().toUpperCase());

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5" aria-busy={isSubmitting || undefined}>
      {formError && <Alert variant="error">{formError}</Alert>}

      <fieldset disabled={isSubmitting} className="space-y-5">
        <legend className="sr-only">Identity document</legend>
        <Field label="ID Type" error={fieldErrors.idType}>
          {(control) => (
            <select
              {...control}
              name="idType"
              required
              value={values.idType}
              onChange={(event) => setValue('idType', event.target.value)}
              className={controlClassName}
            >
              <option value="" disabled>
                Select an ID type
              </option>
              {KYC_ID_TYPES.map((type) => (
                <option key={type} value={type}>
                  {KYC_ID_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Input
          label="ID Number"
          name="idNumber"
          autoComplete="off"
          autoCapitalize={isGhanaCard ? 'characters' : 'none'}
          spellCheck={false}
          required
          placeholder={isGhanaCard ? 'GHA-XXXXXXXXX-X' : undefined}
          value={values.idNumber}
          onChange={(event) => setValue('idNumber', event.target.value)}
          onBlur={() => {
            if (idNumberLooksWrong) setFieldErrors((current) => ({ ...current, idNumber: KYC_MSG.ghanaCardFormat }));
          }}
          error={fieldErrors.idNumber}
          hint={idNumberHint}
        />
        <Input
          label="Address"
          name="address"
          autoComplete="street-address"
          required
          value={values.address}
          onChange={(event) => setValue('address', event.target.value)}
          error={fieldErrors.address}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <Input
            label="City"
            name="city"
            autoComplete="address-level2"
            required
            value={values.city}
            onChange={(event) => setValue('city', event.target.value)}
            error={fieldErrors.city}
          />
          <Input
            label="Country"
            name="country"
            autoComplete="country-name"
            required
            value={values.country}
            onChange={(event) => setValue('country', event.target.value)}
            error={fieldErrors.country}
          />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <DocumentInput
            label="Front of ID"
            name="front"
            file={documents.front.file}
            error={documentError('front')}
            canPreview={documents.front.isChecked && !documents.front.error}
            onSelect={(file) => selectDocument('front', file)}
          />
          <DocumentInput
            label="Back of ID"
            name="back"
            file={documents.back.file}
            error={documentError('back')}
            canPreview={documents.back.isChecked && !documents.back.error}
            onSelect={(file) => selectDocument('back', file)}
          />
        </div>
      </fieldset>

      {isSubmitting && <UploadProgress percent={progress} />}

      <Button type="submit" className="w-full sm:w-auto" isLoading={isSubmitting}>
        Submit for verification
      </Button>
    </form>
  );
}
