import fc from 'fast-check';

/** C0 characters and DEL that no field may hold (tab, LF and CR are free text's). */
const FORBIDDEN = [
  ...Array.from({ length: 32 }, (_, i) => i).filter((c) => c !== 9 && c !== 10 && c !== 13),
  127,
].map((c) => String.fromCharCode(c));

/** One forbidden control character. */
export const controlChar = fc.constantFrom(...FORBIDDEN);

/** Any control character, line breaks included: what no object key may hold. */
export const keyControlChar = fc.constantFrom(...FORBIDDEN, '\t', '\n', '\r');

/** Text with a forbidden control character somewhere in it. */
export const poisonedText = fc
  .tuple(fc.string({ maxLength: 12 }), controlChar, fc.string({ maxLength: 12 }))
  .map(([a, c, b]) => `${a}${c}${b}`);

/** Between 5,000 and 70,000 characters: over every field's bound, under the 1 MiB body limit. */
export const oversized = fc
  .tuple(fc.integer({ min: 5_000, max: 70_000 }), fc.constantFrom('x', 'é', '9', ' '))
  .map(([n, c]) => c.repeat(n));

const HUGE_NUMBERS = [
  '1e308',
  '-1e308',
  '1.7976931348623157e308',
  '9007199254740993',
  '-9007199254740993',
  '123456789012345678901234567890',
  // Valid JSON that JSON.parse reads as ±Infinity: what a non-finite number looks like on the wire.
  '1e400',
  '-1e400',
];
const NON_FINITE_STRINGS = ['1e400', '-1e400', 'NaN', 'Infinity', '-Infinity', '1e308', '0x1F'];
const IMPOSSIBLE_DATES = [
  '2020-13-45',
  '2023-02-29',
  '0000-00-00',
  '0000-01-01',
  '9999-99-99',
  '2024-02-30T25:61:00Z',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00Z',
  '1969-12-31T23:59:59.999Z',
  'hello 99',
];

/**
 * A value no field should take, as raw JSON text: huge and non-finite numbers (1e400 is valid
 * JSON that parses to Infinity), numbers as strings, impossible dates, oversized strings.
 */
export const poisonJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HUGE_NUMBERS),
  fc.constantFrom(...NON_FINITE_STRINGS, ...IMPOSSIBLE_DATES).map((s) => JSON.stringify(s)),
  oversized.map((s) => JSON.stringify(s)),
  fc.constantFrom('[1e400]', '{"v":1e400}', '[-1e308,1e308]', '[[[[[[[[[[]]]]]]]]]]'),
);

/** The same for a query string or a path segment, where everything is text. */
export const poisonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HUGE_NUMBERS, ...NON_FINITE_STRINGS, ...IMPOSSIBLE_DATES),
  oversized,
  fc.constantFrom('-1', '0', '1.5', '99999999999999999999', ''),
);

/** A JSON object text of the given fields, each holding its raw JSON value. */
export const objectText = (fields: [string, string][]) =>
  `{${fields.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
