// The API paths written as literals outside the endpoint table (packages/core/src/endpoints).
// A path in a comment is prose; a path in a string or template literal is a second copy of the
// table that can drift from it. Tests may write paths: they check the table from outside.
import ts from 'typescript';

/** Where product code lives; tests, benches and the end-to-end suite are outside. */
export function isProductCode(file) {
  if (!/\.(ts|tsx|js|mjs)$/.test(file)) return false;
  if (/\.test\.(ts|tsx|js|mjs)$/.test(file) || file.endsWith('.d.ts')) return false;
  // A feature's fixtures are the fake server its tests answer from: test code by another name.
  if (/\.fixtures\.(ts|tsx)$/.test(file)) return false;
  if (file.startsWith('packages/core/src/endpoints/')) return false;
  return /^(apps\/[^/]+\/src|packages\/[^/]+\/src)\//.test(file) && !file.includes('/test/');
}

// An API path: anything under /api/, and the spec's older /bridge/... and /mt5/... paths (the
// screens /bridge and /mt5 themselves are the web app's routes, config/paths.ts).
const API_PATH = /(^|[^A-Za-z0-9_.-])\/(api(\/|$)|(bridge|mt5)\/)/;

/** `file:line: text` for each string or template literal in `source` that holds an API path. */
export function apiPathLiterals(file, source) {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.JSX, source);
  const found = [];
  // Open braces inside each `${...}` being read: a `}` at depth 0 resumes its template.
  const templates = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    let text;
    if (kind === ts.SyntaxKind.CloseBraceToken && templates.at(-1) === 0) {
      kind = scanner.reScanTemplateToken(false);
      if (kind === ts.SyntaxKind.TemplateTail) templates.pop();
      text = scanner.getTokenValue();
    } else if (kind === ts.SyntaxKind.TemplateHead) {
      templates.push(0);
      text = scanner.getTokenValue();
    } else if (
      kind === ts.SyntaxKind.StringLiteral ||
      kind === ts.SyntaxKind.NoSubstitutionTemplateLiteral
    ) {
      text = scanner.getTokenValue();
    } else if (kind === ts.SyntaxKind.OpenBraceToken && templates.length > 0) {
      templates[templates.length - 1] += 1;
    } else if (kind === ts.SyntaxKind.CloseBraceToken && templates.length > 0) {
      templates[templates.length - 1] -= 1;
    } else if (kind === ts.SyntaxKind.SlashToken || kind === ts.SyntaxKind.SlashEqualsToken) {
      // A regular expression literal is not a path; read past it so its text is not misread.
      scanner.reScanSlashToken();
    }
    if (text !== undefined && API_PATH.test(text)) {
      const line = source.slice(0, scanner.getTokenStart()).split('\n').length;
      found.push(`${file}:${line}: ${JSON.stringify(text)}`);
    }
  }
  return found;
}
