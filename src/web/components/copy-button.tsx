import { useEffect, useState } from 'react';
import { Button } from './ui/button';

/** docs/product.md §9: copy feedback shows for 2 seconds. */
export const COPY_FEEDBACK_MS = 2_000;

/** Copies `text` to the clipboard; reads 'Copied' for 2 s afterwards. */
export function CopyButton({ text, label = 'Copy', className }: { text: string; label?: string; className?: string }) {
  const [isCopied, setIsCopied] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setFailed(false);
      setIsCopied(true);
    } catch {
      // No clipboard (old browser, insecure context): the address is shown in full to select.
      setFailed(true);
    }
  };

  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="outline" size="sm" className={className} onClick={() => void copy()}>
        {isCopied ? 'Copied' : label}
      </Button>
      <span aria-live="polite" className="text-xs text-slate-600">
        {failed ? 'Copy failed. Select the text to copy it.' : ''}
      </span>
    </span>
  );
}
