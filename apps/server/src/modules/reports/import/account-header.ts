import { AgentHelloSchema, type ImportedAccount } from '@vortex/core';
import type { z } from 'zod';
import { ImportRefusal, importMessages } from './messages.js';
import { textProblem } from './records.js';

// The Trade History's header block: Name, Account ("541223056 (USD, FTMO-Server4, real, Hedge)"),
// Company, Date. The account it names is stored as an agent's hello names one, so within the
// hello's own bounds (AgentHelloSchema).

/** A label's value and the row it is on. */
export interface Labeled {
  label: string;
  text: string;
  line: number;
}

const HELLO = AgentHelloSchema.shape;
const MODES = new Set(['real', 'demo', 'contest']);
const MARGIN: Record<string, ImportedAccount['margin_mode']> = {
  hedge: 'hedging',
  hedging: 'hedging',
  netting: 'netting',
  exchange: 'exchange',
};

/** Refuses `text` of the header line `pair` when the hello's `schema` would not take it. */
function checked(pair: Labeled | undefined, text: string | undefined, schema: z.ZodType<string>) {
  if (pair === undefined || text === undefined || text === '') return;
  const problem = textProblem(schema, text);
  if (problem !== null) {
    throw new ImportRefusal(importMessages.field(pair.line, pair.label, problem));
  }
}

/** Name, Account, Company, Date, in that order. */
export function historyAccount(header: Labeled[]): ImportedAccount {
  const [namePair, accountPair, companyPair] = header;
  const [name, account, company] = [namePair?.text, accountPair?.text, companyPair?.text];
  const open = account?.indexOf('(') ?? -1;
  const login = (open < 0 ? account : account?.slice(0, open))?.trim() ?? '';
  const inside =
    open < 0
      ? []
      : (account ?? '')
          .slice(open + 1)
          .replace(/\)\s*$/, '')
          .split(',');
  const [currency, server, mode, margin] = inside.map((s) => s.trim());
  checked(accountPair, server, HELLO.server);
  checked(accountPair, currency, HELLO.currency);
  checked(companyPair, company, HELLO.company);
  return {
    login: /^\d+$/.test(login) ? login : null,
    name: name ?? null,
    server: server || null,
    currency: currency || null,
    company: company ?? null,
    mode: mode !== undefined && MODES.has(mode) ? (mode as ImportedAccount['mode']) : null,
    margin_mode: MARGIN[margin?.toLowerCase() ?? ''] ?? null,
  };
}
