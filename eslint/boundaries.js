// The layout's import rules (STYLE.md), checked by path alone so the rule needs no type info.
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const CORE_SRC = 'packages/core/src';

// Pure libraries packages/core may use; anything else (fastify, pg, react, node:fs...) is I/O or
// a framework. Test-only libraries are allowed in test files.
const CORE_LIBS = new Set(['zod', 'trading-signals']);
const CORE_TEST_LIBS = new Set(['vitest', 'fast-check']);

const WEB = 'apps/web/src';
const WEB_SHARED = /^apps\/web\/src\/(components|lib|config)\//;
const WEB_FEATURE = /^apps\/web\/src\/features\/([^/]+)(\/|$)/;
const WEB_UPPER = /^apps\/web\/src\/(features|app)(\/|$)/;
const SERVER_MODULES = 'apps/server/src/modules/';
const SERVER_KERNEL = 'apps/server/src/http/';
// The composition root wires every module together; the HTTP kernel (http/) is what modules use.
const isCompositionRoot = (rel) =>
  rel.startsWith('apps/server/src/app/') || rel === 'apps/server/src/main';
const TEST_FILE = /\.test\.tsx?$/;

/** Repository-relative posix path, or null when outside the repository. */
function fromRoot(absolute) {
  const rel = path.relative(ROOT, absolute).split(path.sep).join('/');
  return rel.startsWith('..') || path.isAbsolute(rel) ? null : rel;
}

/** Drops the extension an import may carry (.js for NodeNext, .ts/.tsx in tests). */
function withoutExtension(rel) {
  return rel.replace(/\.(js|jsx|ts|tsx|mjs|cjs)$/, '');
}

/** The repository path an import names, `{ bare }` for a package, or null. */
function resolveTarget(specifier, fileAbs) {
  if (specifier === '@vortex/core' || specifier.startsWith('@vortex/core/')) {
    return { rel: CORE_SRC + specifier.slice('@vortex/core'.length) };
  }
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const rel = fromRoot(path.resolve(path.dirname(fileAbs), specifier));
    return rel === null ? null : { rel: withoutExtension(rel) };
  }
  return { bare: specifier };
}

/** The package name of a bare import: `pg`, `@fastify/cookie`, `node:fs`. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** The role suffix of a server file: routes, service or repo. */
function layerOf(rel) {
  const match = /\.(routes|service|repo)$/.exec(withoutExtension(rel));
  return match ? match[1] : null;
}

// Routes call services, services call repos: what each layer must not import.
const FORBIDDEN_LAYERS = { routes: ['repo'], repo: ['service', 'routes'], service: ['routes'] };

/** The breach an import makes, as an English sentence, or null when it is allowed. */
function breach(file, target, isTest) {
  if (file.startsWith(CORE_SRC + '/')) {
    if (target.bare !== undefined) {
      const name = packageName(target.bare);
      if (CORE_LIBS.has(name) || (isTest && CORE_TEST_LIBS.has(name))) return null;
      return `packages/core is pure: '${file}' must not import '${target.bare}' (allowed: ${[...CORE_LIBS].join(', ')})`;
    }
    if (target.rel.startsWith('apps/')) {
      return `packages/core imports nothing from the apps: '${file}' imports '${target.rel}'`;
    }
    return null;
  }
  if (target.rel === undefined) return null;
  const to = target.rel;

  const fileFeature = WEB_FEATURE.exec(file)?.[1];
  const toFeature = WEB_FEATURE.exec(to)?.[1];
  if (fileFeature !== undefined && toFeature !== undefined && fileFeature !== toFeature) {
    return `a web feature never imports another feature: '${file}' (feature ${fileFeature}) imports '${to}' (feature ${toFeature}); move the shared piece to ${WEB}/components, lib or config`;
  }
  if (WEB_SHARED.test(file) && WEB_UPPER.test(to) && !isTest) {
    return `shared web code imports neither features nor app: '${file}' imports '${to}'`;
  }

  if (
    file.startsWith(SERVER_KERNEL) &&
    !isTest &&
    (to.startsWith(SERVER_MODULES) || isCompositionRoot(to))
  ) {
    return `the HTTP kernel imports neither modules nor the composition root: '${file}' imports '${to}'`;
  }
  if (!file.startsWith(SERVER_MODULES)) return null;
  if (isCompositionRoot(to)) {
    return `server modules import the HTTP kernel, never the composition root: '${file}' imports '${to}'`;
  }
  const fileLayer = layerOf(file);
  const toLayer = layerOf(to);
  if (isTest || fileLayer === null || toLayer === null) return null;
  if (FORBIDDEN_LAYERS[fileLayer].includes(toLayer)) {
    return `server layers run routes -> service -> repo: the ${fileLayer} file '${file}' must not import the ${toLayer} file '${to}'`;
  }
  return null;
}

const imports = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps imports inside the layout: features, shared code, core, layers.' },
    schema: [],
    messages: { breach: '{{text}} (boundaries/imports).' },
  },
  create(context) {
    const file = fromRoot(context.filename);
    if (file === null) return {};
    const isTest = TEST_FILE.test(file);
    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveTarget(source.value, context.filename);
      const text = target === null ? null : breach(file, target, isTest);
      if (text !== null) context.report({ node: source, messageId: 'breach', data: { text } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { meta: { name: 'boundaries' }, rules: { imports } };
