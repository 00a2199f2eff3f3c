import { describe, expect, it } from 'vitest';
import { SqlSplitter } from './sql-splitter.js';

/** Splits the text fed in pieces of every size, so a token cut between chunks is covered. */
function splitIn(text: string, size: number): string[] {
  const s = new SqlSplitter();
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(...s.push(text.slice(i, i + size)));
  return [...out, ...s.end()];
}

const SCRIPT = `\\restrict abc123
-- a comment; with a semicolon
SET standard_conforming_strings = on;
CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM 'x;y';
  RETURN NULL;
END
$fn$;
INSERT INTO "we;ird" VALUES ('it''s; fine', E'a\\';b', '/* no */'), ($$;$$, NULL);
/* block ; comment */ SELECT 1;
\\unrestrict abc123
`;

describe('SqlSplitter', () => {
  it.each([1, 2, 3, 7, 64, 10_000])('splits statements fed %i characters at a time', (size) => {
    expect(splitIn(SCRIPT, size)).toEqual([
      'SET standard_conforming_strings = on;',
      `CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM 'x;y';
  RETURN NULL;
END
$fn$;`,
      `INSERT INTO "we;ird" VALUES ('it''s; fine', E'a\\';b', '/* no */'), ($$;$$, NULL);`,
      'SELECT 1;',
    ]);
  });

  it('returns a last statement without a semicolon', () => {
    expect(splitIn('SELECT 1; SELECT 2', 4)).toEqual(['SELECT 1;', 'SELECT 2']);
  });
});
