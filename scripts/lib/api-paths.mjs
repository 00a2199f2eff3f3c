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
  // The web app's own route table: its screens share some names with the API (/users).
  if (file === 'apps/web/src/config/paths.ts') return false;
  return /^(apps\/[^/]+\/src|packages\/[^/]+\/src)\//.test(file) && !file.includes('/test/');
}

// Anything under /api/ is an API path, whatever the table holds.
const UNDER_API = /(^|[^A-Za-z0-9_.-])\/api(\/|$)/;

/** Every path and alias the table declares: the string literals of its files that are paths. */
export function tablePaths(sources) {
  const paths = new Set();
  for (const source of sources)
    for (const text of literals(source).map((l) => l.text))
      if (/^(\/(:[A-Za-z][A-Za-z0-9]*|[a-z][a-z0-9_.-]*))+$/.test(text)) paths.add(text);
  return [...paths];
}

/**
 * The test a literal fails when it writes one of the table's paths: it holds a path's fixed
 * part (before its first parameter) at a segment boundary. A one-segment path (/users, /health)
 * counts only as the whole literal, since the text alone is too common to find inside others.
 */
export function apiPathMatcher(paths) {
  const fixed = [...new Set(paths.map((p) => p.split('/:')[0] ?? p))].filter(Boolean);
  const deep = fixed.filter((p) => p.split('/').length > 2).map(escape);
  const shallow = new Set(fixed.filter((p) => p.split('/').length <= 2));
  const inside = new RegExp(`(${deep.join('|')})(?=$|[/?#\`'"])`);
  return (text) =>
    UNDER_API.test(text) ||
    (deep.length > 0 && inside.test(text)) ||
    shallow.has(text.split('?')[0]);
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `file:line: text` for each string or template literal in `source` that holds an API path. */
export function apiPathLiterals(file, source, isApiPath) {
  return literals(source)
    .filter((l) => isApiPath(l.text))
    .map((l) => `${file}:${l.line}: ${JSON.stringify(l.text)}`);
}

/** The text and line of each string literal and each piece of a template literal in `source`. */
function literals(source) {
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
    if (text !== undefined) {
      found.push({ text, line: source.slice(0, scanner.getTokenStart()).split('\n').length });
    }
  }
  return found;
}
