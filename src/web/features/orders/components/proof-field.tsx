import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { PROOF_ACCEPTED_TYPES } from '#shared/order-rules.js';
import { Button } from '#web/components/ui/button.js';
import { Field } from '#web/components/ui/field.js';
import { cn } from '#web/lib/cn.js';
import { formatFileSize } from '#web/features/orders/lib/check-proof.js';

/** An object URL for the file, revoked when the file changes and on unmount. */
function useObjectUrl(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview({ file, url });
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return preview && preview.file === file ? preview.url : null;
}

/**
 * The optional payment screenshot of "I have paid": a native file input (camera or gallery on a
 * phone), the file chosen with its size, a preview once it passed the checks, and a way to take
 * it out. A chosen file is checked at once (JPEG or PNG by its bytes, at most 5 MB; the form's
 * `onChoose` does it): sending a wrong one over mobile data first would only waste the customer's data.
 */
export function ProofField({
  file,
  error,
  onChoose,
  inputRef: registerInput,
}: {
  file: File | null;
  error: string | undefined;
  onChoose: (file: File | null) => void;
  /** The input element, for the form's focus on its first field in error. */
  inputRef: (element: HTMLInputElement | null) => void;
}) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  const previewUrl = useObjectUrl(file && !error ? file : null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => onChoose(event.target.files?.[0] ?? null);
  const remove = () => {
    if (inputRef.current) inputRef.current.value = '';
    onChoose(null);
    inputRef.current?.focus();
  };

  return (
    <div className="space-y-3">
      <Field label="Payment screenshot (optional)" error={error} hint="A JPEG or PNG image of your payment confirmation, up to 5 MB.">
        {(control) => (
          <input
            {...control}
            ref={(element) => {
              inputRef.current = element;
              registerInput(element);
            }}
            type="file"
            name="proof"
            accept={PROOF_ACCEPTED_TYPES.join(',')}
            onChange={choose}
            className={cn(
              'block w-full max-w-full rounded-lg border border-dashed border-slate-300 bg-white p-2 text-sm text-slate-700',
              'file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800',
              'focus-visible:outline-2 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-600',
            )}
          />
        )}
      </Field>
      {file && (
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <p className="min-w-0 break-all">
            Chosen: <strong>{file.name}</strong> ({formatFileSize(file.size)})
          </p>
          <Button variant="outline" size="sm" onClick={remove}>
            Remove screenshot
          </Button>
        </div>
      )}
      {previewUrl && (
        <img
          src={previewUrl}
          alt="Preview of your payment screenshot"
          className="max-h-48 w-auto max-w-full rounded-lg border border-slate-200 bg-slate-50 object-contain"
        />
      )}
    </div>
  );
}
