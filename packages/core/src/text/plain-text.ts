import { z } from 'zod';

/**
 * C0 control characters and DEL, except tab, line feed and carriage return. PostgreSQL text
 * cannot hold NUL at all, and none of the others belongs in a name, symbol or comment.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_OR_BREAK = /[\u0000-\u001F\u007F]/;

export const plainTextMessages = {
  control: 'não pode conter caracteres de controle.',
} as const;

/** True when `s` holds a control character that `lines` text may not carry. */
export function hasControlChars(s: string, lines = false): boolean {
  return (lines ? CONTROL : CONTROL_OR_BREAK).test(s);
}

/**
 * A one-line string with no control characters (tab and line breaks included). `error` is the
 * message when the value is no string at all (missing, a number).
 */
export function plainText(error?: string) {
  return z
    .string(error === undefined ? undefined : { error })
    .refine((s) => !hasControlChars(s), plainTextMessages.control);
}

/** Free text that may span lines: tab, LF and CR are allowed, other control characters not. */
export function plainLines() {
  return z.string().refine((s) => !hasControlChars(s, true), plainTextMessages.control);
}
