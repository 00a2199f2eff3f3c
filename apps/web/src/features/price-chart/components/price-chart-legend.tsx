import type { Theme } from '../../../lib/theme';
import { priceChartTexts as t } from '../messages';
import type { MarkerKind } from '../utils/chart-data';
import { chartPalettes } from '../utils/chart-theme';

const SHAPES: Record<MarkerKind, string> = { buy: '▲', sell: '▼', exitGain: '●', exitLoss: '●' };

/** What the markers mean, in the markers' own colours. */
export function PriceChartLegend({ theme, positions }: { theme: Theme; positions: number }) {
  const colors = chartPalettes[theme].markers;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
      <ul aria-label="Legenda" className="flex flex-wrap gap-x-4 gap-y-1">
        {(Object.keys(SHAPES) as MarkerKind[]).map((kind) => (
          <li key={kind} className="flex items-center gap-1.5">
            <span aria-hidden style={{ color: colors[kind] }}>
              {SHAPES[kind]}
            </span>
            {t.legend[kind]}
          </li>
        ))}
      </ul>
      <span className="ml-auto">{t.markersShown(positions)}</span>
    </div>
  );
}
