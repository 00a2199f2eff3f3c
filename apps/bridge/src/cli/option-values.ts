/**
 * `--name value` made `--name=value` for the options that take a value, so that a value starting
 * with a dash is still the value: a pairing token is base64url, and one in 64 starts with '-'
 * (node's parseArgs refuses `--token -abc` as ambiguous). The last word, with no value after it,
 * is left for parseArgs to refuse.
 */
export function joinOptionValues(args: readonly string[], valued: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const next = args[i + 1];
    if (arg.startsWith('--') && valued.has(arg.slice(2)) && next !== undefined) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}
