import { lazy, Suspense, type ComponentProps } from 'react';

const QrCodeNow = lazy(() => import('#web/components/qr-code.js').then((module) => ({ default: module.QrCode })));

/**
 * The QR code of src/web/components/qr-code.tsx with its encoder (uqr) loaded when it is first
 * drawn: a sell's order page shows the deposit address as text at once and the code a moment
 * later, instead of waiting for the encoder before anything paints (issue 26 point 15). The
 * placeholder keeps the code's place so nothing moves when it comes.
 */
export function LazyQrCode(props: ComponentProps<typeof QrCodeNow>) {
  return (
    <Suspense fallback={<div className="h-44 w-44 rounded-lg border border-slate-200 bg-white" aria-hidden="true" />}>
      <QrCodeNow {...props} />
    </Suspense>
  );
}
