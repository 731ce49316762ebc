import { cn } from '#web/lib/cn.js';

type SparklineProps = {
  /** Recorded prices as decimal strings, oldest first (decisions/013 D8: never random). */
  values: readonly string[];
  /** What the chart shows, e.g. 'Bitcoin price over the last 20 updates'. */
  label: string;
  width?: number;
  height?: number;
  className?: string;
};

/** Padding inside the drawing so the stroke is not clipped at the top and bottom. */
const INSET = 2;
/**
 * The vertical scale spans at least 1% of the average price, so a stablecoin moving by a
 * hundredth of a cent is not drawn as a crash from top to bottom.
 */
const MIN_RELATIVE_RANGE = 0.01;

/**
 * Pixel coordinates of the polyline. Prices are converted to numbers here only to place
 * points on screen; no money is computed from them. Unreadable values are skipped.
 */
export function sparklinePoints(values: readonly string[], width: number, height: number): string {
  const numbers = values.map(Number).filter((value) => Number.isFinite(value));
  if (numbers.length < 2) return '';
  const low = Math.min(...numbers);
  const high = Math.max(...numbers);
  const mean = numbers.reduce((sum, value) => sum + value, 0) / numbers.length;
  const range = Math.max(high - low, Math.abs(mean) * MIN_RELATIVE_RANGE);
  // Small moves are centred in the taller scale.
  const min = (low + high) / 2 - range / 2;
  const stepX = (width - INSET * 2) / (numbers.length - 1);
  const drawHeight = height - INSET * 2;
  return numbers
    .map((value, index) => {
      const x = INSET + index * stepX;
      // A flat history (or all zeros) is drawn as a level line in the middle.
      const y = range === 0 ? height / 2 : INSET + drawHeight - ((value - min) / range) * drawHeight;
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/** A small inline SVG line of recent prices; renders nothing with fewer than 2 points. */
export function Sparkline({ values, label, width = 96, height = 32, className }: SparklineProps) {
  const points = sparklinePoints(values, width, height);
  if (!points) return null;
  const numbers = values.map(Number).filter((value) => Number.isFinite(value));
  const isDown = (numbers.at(-1) ?? 0) < (numbers[0] ?? 0);
  return (
    <svg
      role="img"
      aria-label={label}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className={cn('overflow-visible', isDown ? 'text-red-600' : 'text-brand-600', className)}
    >
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth={1.75} strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}
