const LOCALE = 'pt-BR';

// Building an Intl.NumberFormat costs tens of µs: keep one per option set for the process.
const brl = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'BRL',
  signDisplay: 'negative',
});
const decimalFormats = new Map<number, Intl.NumberFormat>();
const percentFormats = new Map<number, Intl.NumberFormat>();

function decimalFormat(decimals: number): Intl.NumberFormat {
  let format = decimalFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      signDisplay: 'negative',
    });
    decimalFormats.set(decimals, format);
  }
  return format;
}

function percentFormat(decimals: number): Intl.NumberFormat {
  let format = percentFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, {
      style: 'percent',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      signDisplay: 'negative',
    });
    percentFormats.set(decimals, format);
  }
  return format;
}

/** 'R$ 1.234,56' (a no-break space follows R$); a value that rounds to zero never shows '-'. */
export function formatBRL(value: number): string {
  return brl.format(value);
}

/** pt-BR grouping and decimal comma: 1234.5 -> '1.234,50'. */
export function formatDecimal(value: number, decimals = 2): string {
  return decimalFormat(decimals).format(value);
}

/** Takes percent units as the statistics give them (55.5 -> '55,50%'), not a fraction. */
export function formatPercent(percent: number, decimals = 2): string {
  return percentFormat(decimals).format(percent / 100);
}

/** Spec §9: 5 decimals below 1 in absolute value, 4 below 10, else 2. */
export function priceDecimals(price: number): number {
  const abs = Math.abs(price);
  if (abs < 1) return 5;
  if (abs < 10) return 4;
  return 2;
}

export function formatPrice(price: number): string {
  return formatDecimal(price, priceDecimals(price));
}

/** A profit factor with no loss is Infinity and reads '∞'. */
export function formatProfitFactor(profitFactor: number, decimals = 2): string {
  if (profitFactor === Number.POSITIVE_INFINITY) return '∞';
  return formatDecimal(profitFactor, decimals);
}
