import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  GHANA_CARD_PATTERN,
  KYC_ACCEPTED_IDS_TEXT,
  KYC_ID_TYPE_LABELS,
  KYC_ID_TYPES,
  KYC_MSG,
  NATIONALITIES,
  NATIONALITY_LABELS,
  needsGhanaCardNumber,
  ZKycFields,
  type TKycFields,
  type TNationality,
} from '#shared/contracts/kyc.js';
import { Form, FormAlert, SelectField, TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { Button } from '#web/components/ui/button.js';
import { toOptions } from '#web/components/ui/select.js';
import { ApiError } from '#web/lib/api.js';
import { useSubmitKyc } from '#web/features/kyc/api/submit-kyc.js';
import { checkDocument } from '#web/features/kyc/lib/check-document.js';
import { DocumentInput } from './document-input';
import { UploadProgress } from './upload-progress';

type DocumentSide = 'front' | 'back' | 'selfie';
/** The fields as the form holds them: no ID type chosen yet is ''. */
type TKycFormValues = {
  idType: '' | TKycFields['idType'];
  idNumber: string;
  ghanaCardNumber: string;
  /** Asked with a passport only (docs/decisions/016). */
  nationality: '' | TNationality;
  nationalityCountry: string;
  address: string;
  city: string;
  country: string;
};

/** A chosen document and the result of its client-side check (null error: passed). */
type DocumentState = { file: File | null; error: string | null; isChecked: boolean };

const EMPTY_DOCUMENT: DocumentState = { file: null, error: null, isChecked: false };
const SIDES: readonly DocumentSide[] = ['front', 'back', 'selfie'];

/**
 * The KYC form of Tier 1 (docs/product.md §2 and §5, docs/decisions/016): the ID (Ghana Card for
 * citizens, passport for foreigners; a voter ID or driver's licence with the Ghana Card number
 * beside it; with a passport the nationality, and a Ghanaian's Ghana Card number beside it),
 * both sides and a selfie holding the card. Everything is checked here first with the shared rules;
 * the server checks again (documents by their bytes) and its per-field messages land under the
 * fields. Values and chosen files survive any error. `onSubmitted` runs after a 201.
 */
export function KycForm({ onSubmitted }: { onSubmitted: () => void }) {
  const form = useZodForm<typeof ZKycFields, TKycFormValues>(ZKycFields, {
    defaultValues: {
      idType: '',
      idNumber: '',
      ghanaCardNumber: '',
      nationality: '',
      nationalityCountry: '',
      address: '',
      city: '',
      country: 'Ghana',
    },
  });
  const [idType, idNumber, nationality] = useWatch({ control: form.control, name: ['idType', 'idNumber', 'nationality'] });
  const [documents, setDocuments] = useState<Record<DocumentSide, DocumentState>>({
    front: EMPTY_DOCUMENT,
    back: EMPTY_DOCUMENT,
    selfie: EMPTY_DOCUMENT,
  });
  const [progress, setProgress] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const submitMutation = useSubmitKyc();
  const isSubmitting = submitMutation.isPending;

  // Leaving the page cancels an upload still in flight.
  useEffect(() => () => abortRef.current?.abort(), []);

  /** The documents are not form fields (files, checked by their bytes): their first error takes the focus. */
  const focusFirstInvalidDocument = () => {
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('input[type="file"][aria-invalid="true"]')?.focus());
  };

  const selectDocument = (side: DocumentSide, file: File | null) => {
    setDocuments((current) => ({ ...current, [side]: { file, error: null, isChecked: false } }));
    if (!file) return;
    void checkDocument(file).then((error) => {
      // Only the file still selected gets its result (a quicker second choice may have replaced it).
      setDocuments((current) => (current[side].file === file ? { ...current, [side]: { file, error, isChecked: true } } : current));
    });
  };

  /** Checks the three documents again (an empty choice is required); true when all pass. */
  const checkDocuments = async (): Promise<boolean> => {
    const [frontError, backError, selfieError] = await Promise.all(SIDES.map((side) => checkDocument(documents[side].file)));
    const selfieMessage = documents.selfie.file ? (selfieError ?? null) : KYC_MSG.selfieRequired;
    setDocuments((current) => ({
      front: { ...current.front, error: frontError ?? null, isChecked: true },
      back: { ...current.back, error: backError ?? null, isChecked: true },
      selfie: { ...current.selfie, error: selfieMessage, isChecked: true },
    }));
    return !frontError && !backError && !selfieMessage;
  };

  const onServerError = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'ABORTED') return;
    const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
    for (const side of SIDES) {
      const message = fields[side];
      if (message) setDocuments((current) => ({ ...current, [side]: { ...current[side], error: message, isChecked: true } }));
    }
    const isAboutDocumentsOnly =
      SIDES.some((side) => fields[side]) && Object.keys(fields).every((key) => SIDES.includes(key as DocumentSide));
    if (isAboutDocumentsOnly) {
      focusFirstInvalidDocument();
      return;
    }
    // The server's message, or the product's KYC fallback (docs/product.md §8).
    const isOurs = error instanceof ApiError && error.code !== 'UNEXPECTED' && error.code !== 'BAD_RESPONSE';
    showServerError(form, isOurs ? error : null, { fallback: KYC_MSG.generic });
  };

  const isGhanaCard = idType === 'national_id';
  const isPassport = idType === 'passport';
  // A voter ID, a driver's licence or a Ghanaian's passport carries the Ghana Card number beside
  // its own (docs/decisions/016).
  const needsCardNumberBeside = idType !== '' && needsGhanaCardNumber(idType, nationality) && !isGhanaCard;
  const idNumberLooksWrong = isGhanaCard && idNumber.trim() !== '' && !GHANA_CARD_PATTERN.test(idNumber.trim().toUpperCase());
  const documentError = (side: DocumentSide) => documents[side].error ?? undefined;

  return (
    <Form
      form={form}
      ref={formRef}
      className="space-y-5"
      aria-busy={isSubmitting || undefined}
      onInvalid={() => void checkDocuments()}
      onSubmit={async (fields) => {
        if (isSubmitting) return;
        const front = documents.front.file;
        const back = documents.back.file;
        const selfie = documents.selfie.file;
        if (!(await checkDocuments()) || !front || !back || !selfie) {
          focusFirstInvalidDocument();
          return;
        }
        abortRef.current?.abort();
        const controller = new AbortController();
        abortRef.current = controller;
        setProgress(0);
        submitMutation.mutate(
          {
            input: {
              fields: {
                ...fields,
                // Only what this ID type asks is sent.
                ghanaCardNumber: needsCardNumberBeside ? fields.ghanaCardNumber || undefined : undefined,
                nationality: isPassport ? fields.nationality || undefined : undefined,
                nationalityCountry: isPassport && fields.nationality === 'other' ? fields.nationalityCountry || undefined : undefined,
              },
              files: { front, back, selfie },
            },
            onProgress: setProgress,
            signal: controller.signal,
          },
          { onSuccess: onSubmitted, onError: onServerError },
        );
      }}
    >
      <fieldset disabled={isSubmitting} className="space-y-5">
        <legend className="sr-only">Identity document</legend>
        <SelectField
          label="ID Type"
          name="idType"
          required
          placeholder="Select an ID type"
          options={toOptions(KYC_ID_TYPES, KYC_ID_TYPE_LABELS)}
          registerOptions={{ deps: ['idNumber', 'ghanaCardNumber', 'nationality'] }}
          hint={KYC_ACCEPTED_IDS_TEXT}
        />
        <TextField
          label="ID Number"
          name="idNumber"
          autoComplete="off"
          autoCapitalize={isGhanaCard ? 'characters' : 'none'}
          spellCheck={false}
          required
          placeholder={isGhanaCard ? 'GHA-XXXXXXXXX-X' : undefined}
          registerOptions={{
            onBlur: () => {
              if (idNumberLooksWrong) form.setError('idNumber', { type: 'format', message: KYC_MSG.ghanaCardFormat });
            },
            // The early warning of the blur lasts only while the number is wrong: the person is
            // fixing it (before a first submit nothing else would check it again).
            onChange: () => {
              if (form.getFieldState('idNumber').error?.type === 'format') form.clearErrors('idNumber');
            },
          }}
          hint={isGhanaCard ? 'GHA-XXXXXXXXX-X' : undefined}
        />
        {isPassport && (
          <SelectField
            label="Nationality"
            name="nationality"
            required
            placeholder="Select your nationality"
            options={toOptions(NATIONALITIES, NATIONALITY_LABELS)}
            registerOptions={{ deps: ['ghanaCardNumber', 'nationalityCountry'] }}
            hint="Ghanaians give their Ghana Card number with a passport: the Ghana Card is the ID for financial services in Ghana."
          />
        )}
        {isPassport && nationality === 'other' && (
          <TextField label="Country of nationality" name="nationalityCountry" autoComplete="country-name" required />
        )}
        {needsCardNumberBeside && (
          <TextField
            label="Ghana Card number"
            name="ghanaCardNumber"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            placeholder="GHA-XXXXXXXXX-X"
            hint={
              isPassport
                ? 'Needed with a Ghanaian passport: the number on your Ghana Card, GHA-XXXXXXXXX-X.'
                : 'Needed with this ID type: the number on your Ghana Card, GHA-XXXXXXXXX-X.'
            }
          />
        )}
        <TextField label="Address" name="address" autoComplete="street-address" required />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="City" name="city" autoComplete="address-level2" required />
          <TextField label="Country" name="country" autoComplete="country-name" required />
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
        <DocumentInput
          label="Selfie with your ID"
          name="selfie"
          hint="A photo of your face holding the ID card next to it, both clearly visible."
          file={documents.selfie.file}
          error={documentError('selfie')}
          canPreview={documents.selfie.isChecked && !documents.selfie.error}
          onSelect={(file) => selectDocument('selfie', file)}
        />
      </fieldset>

      {isSubmitting && <UploadProgress percent={progress} />}

      <FormAlert />
      <Button type="submit" className="w-full sm:w-auto" isLoading={isSubmitting}>
        Submit for verification
      </Button>
    </Form>
  );
}
