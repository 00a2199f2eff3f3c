import { fieldLabel, hasControlChars, INVALID_DATA, plainTextMessages } from '@vortex/core';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error.js';

/** A node of the walk: its parent and key, so a path is built only for the one reported. */
interface Step {
  value: unknown;
  key: string;
  parent: Step | undefined;
}

const pathOf = (step: Step | undefined): string[] => {
  const keys: string[] = [];
  for (let s = step; s?.parent; s = s.parent) keys.push(s.key);
  return keys.reverse();
};

/**
 * The path of the first string (or object key) in `value` holding a C0 control character or
 * DEL other than tab, LF and CR; undefined when there is none. Keys with any control character
 * are refused, line breaks included. Iterative: a 1 MiB body can nest far deeper than the stack.
 */
export function findControlChars(value: unknown): string[] | undefined {
  const stack: Step[] = [{ value, key: '', parent: undefined }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const v = step.value;
    if (typeof v === 'string') {
      if (hasControlChars(v, true)) return pathOf(step);
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    for (const [key, child] of Object.entries(v)) {
      if (hasControlChars(key)) return pathOf(step);
      stack.push({ value: child, key, parent: step });
    }
  }
  return undefined;
}

const CONTROL_ANYWHERE = 'Nenhum campo pode conter caracteres de controle.';

/** Names the field by its label; a key the app does not know (it may be the poisoned one) is not echoed. */
export function controlCharsMessage(path: string[]): string {
  const field = fieldLabel(path);
  return field
    ? `${INVALID_DATA} ${field}: ${plainTextMessages.control}`
    : `${INVALID_DATA} ${CONTROL_ANYWHERE}`;
}

/**
 * Every route, before its schema and handler run: a control character anywhere in the path
 * parameters, the query or the body is a 400. PostgreSQL text cannot hold NUL and none of the
 * others belongs in any field, so nothing is hashed, queried or logged for such a request.
 * Fields of one line refuse tab and line breaks too, in their schemas (plainText()).
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    for (const part of [req.params, req.query, req.body]) {
      const path = findControlChars(part);
      if (path) throw new HttpError(400, controlCharsMessage(path));
    }
  });
}
