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

const moneyFormats = new Map<string, Intl.NumberFormat>([['BRL', brl]]);

/** The ISO 4217 code an account's currency names, or null for one Intl cannot write. */
function currencyFormat(currency: string): Intl.NumberFormat | null {
  const code = currency.trim().toUpperCase();
  let format = moneyFormats.get(code);
  if (format) return format;
  if (!/^[A-Z]{3}$/.test(code)) return null;
  try {
    format = new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency: code,
      signDisplay: 'negative',
    });
  } catch {
    return null;
  }
  moneyFormats.set(code, format);
  return format;
}

/**
 * An amount in the account's deposit currency as pt-BR writes it: 'R$ 1.234,56', 'US$ 1.234,56',
 * '€ 1.234,56', 'JP¥ 1.235'. A currency Intl does not know (a broker's 'USDT' or '') keeps its
 * code after the number: '1.234,56 USDT'.
 */
export function formatMoney(value: number, currency: string): string {
  const format = currencyFormat(currency);
  if (format) return format.format(value);
  const code = currency.trim();
  const amount = formatDecimal(value, 2);
  return code === '' ? amount : `${amount}\u00a0${code}`;
}

/** The symbol pt-BR writes before an amount of the currency ('R$', 'US$', '€'), or its code. */
export function currencySymbol(currency: string): string {
  const part = currencyFormat(currency)
    ?.formatToParts(0)
    .find((p) => p.type === 'currency');
  return part?.value ?? currency.trim();
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
