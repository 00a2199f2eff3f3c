/** A B3 broker's MT5 trade server, as the terminal names it. */
export interface Mt5Server {
  name: string;
  broker: string;
}

// Names as the brokers publish them; a broker can rename a server, hence the manual entry.
export const REAL_SERVERS: readonly Mt5Server[] = [
  { name: 'XPMT5-PRD', broker: 'XP Investimentos' },
  { name: 'ClearInvestimentos-CLEAR', broker: 'Clear' },
  { name: 'Rico-PRD', broker: 'Rico' },
  { name: 'GenialInvestimentos-PRD', broker: 'Genial' },
  { name: 'BancoBTGPactual-PRD', broker: 'BTG Pactual' },
  { name: 'ToroInvestimentos-PRD', broker: 'Toro' },
  { name: 'ModalMais-DMA4 - Beta', broker: 'Modalmais' },
];

export const DEMO_SERVERS: readonly Mt5Server[] = [
  { name: 'XPMT5-DEMO', broker: 'XP Investimentos' },
  { name: 'ClearInvestimentos-DEMO', broker: 'Clear' },
  { name: 'Rico-DEMO', broker: 'Rico' },
  { name: 'GenialInvestimentos-DEMO', broker: 'Genial' },
  { name: 'BancoBTGPactual-DEMO', broker: 'BTG Pactual' },
  { name: 'ToroInvestimentos-DEMO', broker: 'Toro' },
  { name: 'MetaQuotes-Demo', broker: 'MetaQuotes' },
];

/** A demo server by default: nobody should reach a real account by leaving the field alone. */
export const DEFAULT_SERVER = 'XPMT5-DEMO';

/** trading.md §2: the agent's local address at port 8080 (the server does not use it). */
export const DEFAULT_BRIDGE_URL = 'http://localhost:8080';

export function isListedServer(name: string): boolean {
  return [...REAL_SERVERS, ...DEMO_SERVERS].some((s) => s.name === name);
}
