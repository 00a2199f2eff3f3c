import {
  formatDecimal,
  formatMoney,
  formatPercent,
  formatPrice,
  formatProfitFactor,
} from '../format/number.js';
import type { Mt5Deal } from '../bridge/mt5-records.schema.js';
import type { StatisticsRecord } from '../trading/api.schema.js';
import type { AlertChannel, AlertFrequency, RaisedAlertType } from './config.schema.js';

/** One alert as raised: its title and message are what the recent list and every channel show. */
export interface AlertText {
  type: RaisedAlertType;
  title: string;
  message: string;
}

const side = (dealType: number) => (dealType === 0 ? 'Compra' : 'Venda');
const lots = (volume: number) =>
  `${formatDecimal(volume, Number.isInteger(volume) ? 0 : 2)} ${volume === 1 ? 'contrato' : 'contratos'}`;

/** An opening deal (entry 0). */
export function tradeOpenAlert(deal: Mt5Deal): AlertText {
  return {
    type: 'trade_open',
    title: `Trade aberto: ${side(deal.type)} ${deal.symbol}`,
    message: `${side(deal.type)} de ${lots(deal.volume)} de ${deal.symbol} a ${formatPrice(deal.price)} (posição #${deal.position_id}).`,
  };
}

/**
 * A closing deal (entry out): its result is profit + commission + swap + fee (DEAL_FEE), in the
 * account's deposit currency ('US$' on a dollar account, issue 26).
 */
export function tradeCloseAlert(deal: Mt5Deal, currency = 'BRL'): AlertText {
  const result = deal.profit + deal.commission + deal.swap + (deal.fee ?? 0);
  const outcome = result > 0 ? 'lucro' : result < 0 ? 'prejuízo' : 'resultado';
  return {
    type: 'trade_close',
    title: `Trade fechado: ${deal.symbol} ${formatMoney(result, currency)}`,
    message: `Posição #${deal.position_id} de ${deal.symbol} fechada com ${lots(deal.volume)} a ${formatPrice(deal.price)}: ${outcome} de ${formatMoney(Math.abs(result), currency)}.`,
  };
}

export function mt5ErrorAlert(accountNumber: number | null): AlertText {
  const account = accountNumber === null ? '' : ` da conta ${accountNumber}`;
  return {
    type: 'mt5_error',
    title: 'Erro no MT5',
    message: `O terminal MT5${account} parou de responder à bridge. O bot não opera até o MT5 voltar.`,
  };
}

export function connectionLostAlert(accountNumber: number | null): AlertText {
  const account = accountNumber === null ? '' : ` (conta ${accountNumber})`;
  return {
    type: 'connection_error',
    title: 'Conexão com a bridge perdida',
    message: `A bridge${account} desconectou do servidor. Verifique o computador onde ela roda e a internet.`,
  };
}

export function riskStopAlert(message: string): AlertText {
  return { type: 'bot_risk_stop', title: 'Bot parado por limite de risco', message };
}

const periodNames: Record<AlertFrequency, string> = {
  daily: 'do dia',
  weekly: 'da semana',
  monthly: 'do mês',
};

/** The statistics digest of a period (label like '23/11/2026' or '17/11 a 23/11/2026'). */
export function statisticsAlert(
  stats: StatisticsRecord,
  frequency: AlertFrequency,
  label: string,
  currency = 'BRL',
): AlertText {
  const money = (value: number) => formatMoney(value, currency);
  return {
    type: 'statistics',
    title: `Estatísticas ${periodNames[frequency]}: ${money(stats.profit)}`,
    message:
      `${label}: ${stats.total_trades} ${stats.total_trades === 1 ? 'trade' : 'trades'}, ` +
      `resultado ${money(stats.profit)}, taxa de acerto ${formatPercent(stats.win_rate)}, ` +
      `fator de lucro ${formatProfitFactor(stats.profit_factor ?? Number.POSITIVE_INFINITY)}, ` +
      `drawdown máximo ${money(stats.max_drawdown)}.`,
  };
}

const SMS_LIMIT = 160;

/** How one alert reads on each channel: email has a subject, SMS fits one message. */
export function renderAlert(
  alert: Pick<AlertText, 'title' | 'message'>,
  channel: AlertChannel,
  appUrl?: string,
): { subject?: string; body: string } {
  if (channel === 'email') {
    const link = appUrl ? `\n\nVeja seus alertas em ${appUrl}/alerts` : '';
    return {
      subject: `[Vórtex] ${alert.title}`,
      body: `${alert.title}\n\n${alert.message}${link}\n\n— Vórtex`,
    };
  }
  if (channel === 'whatsapp') return { body: `*Vórtex: ${alert.title}*\n${alert.message}` };
  const text = `Vórtex: ${alert.title}. ${alert.message}`;
  return { body: text.length <= SMS_LIMIT ? text : `${text.slice(0, SMS_LIMIT - 1)}…` };
}
