import { formatDecimal } from '@vortex/core';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  createSeriesMarkers,
  CrosshairMode,
  type CandlestickData,
  type IChartApi,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type SeriesMarker,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import type { Theme } from '../../../lib/theme';
import type { Candle, TradeMarker } from '../utils/chart-data';
import { chartPalettes, type ChartPalette } from '../utils/chart-theme';
import { formatCrosshairTime, formatTickMark } from '../utils/chart-time-format';
import { PRICE_CHART_HEIGHT } from './price-chart-size';

interface Handles {
  chart: IChartApi;
  series: ISeriesApi<'Candlestick'>;
  markers: ISeriesMarkersPluginApi<Time>;
}

function chartOptions(p: ChartPalette) {
  return {
    layout: {
      background: { type: ColorType.Solid, color: 'transparent' },
      textColor: p.text,
      fontSize: 11,
      attributionLogo: false,
    },
    grid: { vertLines: { color: p.grid }, horzLines: { color: p.grid } },
    rightPriceScale: { borderColor: p.border },
    timeScale: { borderColor: p.border },
    crosshair: { vertLine: { color: p.crosshair }, horzLine: { color: p.crosshair } },
  };
}

function seriesColors(p: ChartPalette) {
  return {
    upColor: p.up,
    downColor: p.down,
    borderUpColor: p.up,
    borderDownColor: p.down,
    wickUpColor: p.up,
    wickDownColor: p.down,
  };
}

function seriesMarkers(markers: readonly TradeMarker[], p: ChartPalette): SeriesMarker<Time>[] {
  return markers.map((m) => {
    const time = m.time as UTCTimestamp;
    const color = p.markers[m.kind];
    if (m.kind === 'buy')
      return {
        time,
        position: 'atPriceBottom',
        price: m.price,
        shape: 'arrowUp',
        color,
        size: 1.6,
      };
    if (m.kind === 'sell')
      return { time, position: 'atPriceTop', price: m.price, shape: 'arrowDown', color, size: 1.6 };
    return { time, position: 'atPriceMiddle', price: m.price, shape: 'circle', color, size: 1.2 };
  });
}

/**
 * The canvas itself: one chart for the component's life, its data, markers and colours
 * updated in place. `viewKey` changes (symbol, timeframe) refit the view; a refresh keeps the
 * trader's zoom and scroll.
 */
export function CandleChart({
  candles,
  markers,
  theme,
  viewKey,
  precision,
}: {
  candles: readonly Candle[];
  markers: readonly TradeMarker[];
  theme: Theme;
  viewKey: string;
  /** Decimals of the symbol's prices. */
  precision: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const handles = useRef<Handles | null>(null);
  const fitted = useRef<string | null>(null);

  useEffect(() => {
    if (!box.current) return;
    const chart = createChart(box.current, {
      autoSize: true,
      localization: { locale: 'pt-BR', timeFormatter: formatCrosshairTime },
      timeScale: {
        timeVisible: true,
        secondsVisible: false,
        tickMarkFormatter: formatTickMark,
        // Markers grow with the bar width: a few H1 bars fitted to the width dwarfed the candles.
        maxBarSpacing: 16,
      },
      crosshair: { mode: CrosshairMode.Normal },
    });
    const series = chart.addSeries(CandlestickSeries, { priceLineVisible: false });
    handles.current = { chart, series, markers: createSeriesMarkers(series, []) };
    return () => {
      handles.current = null;
      fitted.current = null;
      chart.remove();
    };
  }, []);

  useEffect(() => {
    const p = chartPalettes[theme];
    handles.current?.chart.applyOptions(chartOptions(p));
    handles.current?.series.applyOptions(seriesColors(p));
  }, [theme]);

  useEffect(() => {
    handles.current?.chart.applyOptions({
      localization: { priceFormatter: (price: number) => formatDecimal(price, precision) },
    });
    handles.current?.series.applyOptions({
      priceFormat: { type: 'price', precision, minMove: 10 ** -precision },
    });
  }, [precision]);

  useEffect(() => {
    const h = handles.current;
    if (!h) return;
    h.series.setData(candles as CandlestickData<UTCTimestamp>[]);
    h.markers.setMarkers(seriesMarkers(markers, chartPalettes[theme]));
    if (fitted.current !== viewKey && candles.length > 0) {
      fitted.current = viewKey;
      h.chart.timeScale().fitContent();
    }
  }, [candles, markers, theme, viewKey]);

  return <div ref={box} data-testid="candle-chart" style={{ height: PRICE_CHART_HEIGHT }} />;
}
