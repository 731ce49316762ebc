import { useEffect, useState, type ChangeEvent } from 'react';
import { Field } from '#web/components/ui/field.js';
import { cn } from '#web/lib/cn.js';

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

type DocumentInputProps = {
  label: string;
  /** The form field it travels in: front, back, selfie (Tier 1) or addressProof (Tier 2). */
  name: 'front' | 'back' | 'selfie' | 'addressProof';
  /** What to photograph; the accepted files are said after it. */
  hint?: string;
  file: File | null;
  error?: string;
  /** Only a file that passed the checks is previewed (a broken image helps nobody). */
  canPreview: boolean;
  onSelect: (file: File | null) => void;
};

/** One document (an ID side, a selfie, a proof of address): a labelled native file input (camera or gallery on phones) and its preview. */
export function DocumentInput({ label, name, hint, file, error, canPreview, onSelect }: DocumentInputProps) {
  const previewUrl = useObjectUrl(canPreview ? file : null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    onSelect(event.target.files?.[0] ?? null);
  };

  return (
    <div className="space-y-3">
      <Field label={label} error={error} hint={hint ? `${hint} JPEG or PNG, under 5MB.` : 'JPEG or PNG, under 5MB.'}>
        {(control) => (
          <input
            {...control}
            type="file"
            name={name}
            accept="image/jpeg,image/png"
            onChange={onChange}
            className={cn(
              'block w-full max-w-full rounded-lg border border-dashed border-slate-300 bg-white p-2 text-sm text-slate-700',
              'file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800',
              'focus-visible:outline-2 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-600',
            )}
          />
        )}
      </Field>
      {previewUrl && (
        <img
          src={previewUrl}
          alt={`${label} preview`}
          className="max-h-48 w-auto max-w-full rounded-lg border border-slate-200 bg-slate-50 object-contain"
        />
      )}
    </div>
  );
}
