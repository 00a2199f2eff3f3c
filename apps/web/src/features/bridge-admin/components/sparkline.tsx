import { cn } from '../../../lib/cn';

export interface SparkSeries {
  label: string;
  values: number[];
  /** Tailwind stroke and fill (legend dot) classes. */
  stroke: string;
  dot: string;
  /** Dashed, so a series lying on top of another still shows. */
  dashed?: boolean;
}

const WIDTH = 240;
const HEIGHT = 64;
const PAD = 3;

function points(samples: number[], top: number): string {
  // One sample draws as a flat line; more are stretched over the whole width.
  const values = samples.length === 1 ? [...samples, ...samples] : samples;
  const step = (WIDTH - 2 * PAD) / Math.max(1, values.length - 1);
  return values
    .map((v, i) => {
      const x = PAD + i * step;
      const y = HEIGHT - PAD - (v / top) * (HEIGHT - 2 * PAD);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/**
 * A mini line chart of a few series over the samples kept, drawn as SVG: two small
 * charts do not justify a chart library in the bundle.
 */
export function Sparkline({
  title,
  caption,
  series,
}: {
  title: string;
  /** Receives the highest value drawn. */
  caption: (peak: number) => string;
  series: SparkSeries[];
}) {
  const peak = Math.max(0, ...series.flatMap((s) => s.values));
  // A quarter of headroom keeps a flat line off the top edge.
  const top = Math.max(1, peak) * 1.25;
  const summary = series.map((s) => `${s.label}: ${s.values.at(-1) ?? 0}`).join(', ');
  return (
    <figure className="space-y-2 rounded-lg border border-border bg-background/40 p-3">
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="text-sm font-medium">{title}</span>
        <span className="text-xs text-muted-foreground">{caption(peak)}</span>
      </figcaption>
      <svg
        role="img"
        aria-label={`${title}: ${summary}`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-16 w-full"
      >
        <line
          x1={PAD}
          x2={WIDTH - PAD}
          y1={HEIGHT - PAD}
          y2={HEIGHT - PAD}
          className="stroke-border"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
        {series.map((s) =>
          s.values.length ? (
            <polyline
              key={s.label}
              points={points(s.values, top)}
              strokeDasharray={s.dashed ? '5 4' : undefined}
              fill="none"
              strokeWidth={2}
              strokeLinejoin="round"
              strokeLinecap="round"
              vectorEffect="non-scaling-stroke"
              className={s.stroke}
            />
          ) : null,
        )}
      </svg>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {series.map((s) => (
          <li key={s.label} className="inline-flex items-center gap-1.5">
            <span aria-hidden className={cn('size-2 rounded-full', s.dot)} />
            {s.label}
            <span className="font-medium text-foreground tabular-nums">{s.values.at(-1) ?? 0}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
