import { useMemo } from 'react';
import { encode } from 'uqr';

type TQrCodeProps = {
  value: string;
  label: string;
};

/**
 * A QR code (a deposit address, an authenticator secret), drawn as one SVG path: crisp at any
 * size, no canvas. Error correction M so a slightly smudged phone screen still scans.
 */
export function QrCode({ value, label }: TQrCodeProps) {
  const { size, path } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 2 });
    let d = '';
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { size: qr.size, path: d };
  }, [value]);

  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="h-44 w-44 rounded-lg border border-slate-200 bg-white"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#0f172a" />
    </svg>
  );
}
