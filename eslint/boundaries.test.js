import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import boundaries from './boundaries.js';

const ROOT = path.resolve(import.meta.dirname, '..');

const eslint = new ESLint({
  cwd: ROOT,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parser: tseslint.parser },
      plugins: { boundaries },
      rules: { 'boundaries/imports': 'error' },
    },
  ],
});

/** The rule's messages for `code` as if it were the file at `file` (repository path). */
async function breaches(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map((message) => {
    expect(message.ruleId, message.message).toBe('boundaries/imports');
    return message.message;
  });
}

describe('boundaries/imports', () => {
  it('reports a web feature importing another feature, naming both ends', async () => {
    const found = await breaches(
      'apps/web/src/features/trades/components/trades-page.tsx',
      "import { useDeals } from '../../dashboard/api/get-deals';",
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('a web feature never imports another feature');
    expect(found[0]).toContain('apps/web/src/features/trades/components/trades-page.tsx');
    expect(found[0]).toContain('apps/web/src/features/dashboard/api/get-deals');
    expect(found[0]).toContain('(boundaries/imports)');
  });

  it('reports shared web code importing a feature or the app', async () => {
    const file = 'apps/web/src/components/ui/card.tsx';
    expect(await breaches(file, "import { x } from '../../features/bot-control/api/x';")).toEqual([
      expect.stringContaining('shared web code imports neither features nor app'),
    ]);
    expect(await breaches(file, "export { routes } from '../../app/routes';")).toHaveLength(1);
    expect(await breaches('apps/web/src/lib/api.ts', "void import('../features/auth/x');")).toEqual(
      [expect.stringContaining("'apps/web/src/features/auth/x'")],
    );
  });

  it('allows imports within a feature, from shared code and from core', async () => {
    const code = [
      "import { Card } from '../../../components/ui/card';",
      "import { api } from '../../../lib/api';",
      "import { useDeals } from '../api/get-deals';",
      "import { DealSchema } from '@vortex/core';",
      "import { useQuery } from '@tanstack/react-query';",
    ].join('\n');
    expect(await breaches('apps/web/src/features/trades/components/list.tsx', code)).toEqual([]);
    expect(await breaches('apps/web/src/app/router.tsx', "import '../features/trades/x';")).toEqual(
      [],
    );
  });

  it('reports core importing the apps or an I/O library, and allows pure ones', async () => {
    const file = 'packages/core/src/trading/positions.ts';
    const found = await breaches(
      file,
      [
        "import { pool } from '../../../../apps/server/src/db/pool.js';",
        "import pg from 'pg';",
        "import { readFile } from 'node:fs/promises';",
        "import { useState } from 'react';",
        "import { z } from 'zod';",
        "import { SMA } from 'trading-signals';",
        "import { money } from '../money/money.js';",
      ].join('\n'),
    );
    expect(found).toEqual([
      expect.stringContaining("packages/core imports nothing from the apps: 'packages/core"),
      expect.stringContaining("must not import 'pg'"),
      expect.stringContaining("must not import 'node:fs/promises'"),
      expect.stringContaining("must not import 'react'"),
    ]);
    expect(await breaches(file, "import fc from 'fast-check';")).toHaveLength(1);
    expect(await breaches('packages/core/src/x.test.ts', "import fc from 'fast-check';")).toEqual(
      [],
    );
  });

  it('reports a server module importing the composition root, not the HTTP kernel', async () => {
    const file = 'apps/server/src/modules/users/users.service.ts';
    expect(await breaches(file, "import { buildApp } from '../../app/build-app.js';")).toEqual([
      expect.stringContaining(
        "never the composition root: 'apps/server/src/modules/users/users.service.ts' imports 'apps/server/src/app/build-app'",
      ),
    ]);
    expect(await breaches(file, "import '../../main.js';")).toHaveLength(1);
    expect(await breaches(file, "import { x } from '../../app/anything-new.js';")).toHaveLength(1);
    expect(await breaches(file, "import { HttpError } from '../../http/http-error.js';")).toEqual(
      [],
    );
  });

  it('reports the HTTP kernel importing a module or the composition root', async () => {
    const file = 'apps/server/src/http/authorize.ts';
    expect(
      await breaches(file, "import { authenticate } from '../modules/auth/session.service.js';"),
    ).toEqual([
      expect.stringContaining(
        "the HTTP kernel imports neither modules nor the composition root: 'apps/server/src/http/authorize.ts' imports 'apps/server/src/modules/auth/session.service'",
      ),
    ]);
    expect(await breaches(file, "import { buildApp } from '../app/build-app.js';")).toHaveLength(1);
    expect(await breaches(file, "import { HttpError } from './http-error.js';")).toEqual([]);
    expect(
      await breaches(file, "import { hostMatcher } from '../config/allowed-hosts.js';"),
    ).toEqual([]);
  });

  it('reports routes importing a repo and repos importing upward; tests are exempt', async () => {
    const routes = 'apps/server/src/modules/users/users.routes.ts';
    expect(await breaches(routes, "import { listUsers } from './users.repo.js';")).toEqual([
      expect.stringContaining(
        "the routes file 'apps/server/src/modules/users/users.routes.ts' must not import the repo file 'apps/server/src/modules/users/users.repo'",
      ),
    ]);
    expect(await breaches(routes, "import { writeAudit } from '../audit/audit.repo.js';")).toEqual([
      expect.stringContaining('audit/audit.repo'),
    ]);
    expect(await breaches(routes, "import { listUsers } from './users.service.js';")).toEqual([]);
    const repo = 'apps/server/src/modules/users/users.repo.ts';
    expect(await breaches(repo, "import { x } from './users.service.js';")).toHaveLength(1);
    expect(await breaches(repo, "import { x } from './users.routes.js';")).toHaveLength(1);
    const service = 'apps/server/src/modules/users/users.service.ts';
    expect(await breaches(service, "import { x } from './users.routes.js';")).toHaveLength(1);
    expect(await breaches(service, "import { x } from './users.repo.js';")).toEqual([]);
    const test = 'apps/server/src/modules/users/users.int.test.ts';
    expect(await breaches(test, "import { listUsers } from './users.repo.js';")).toEqual([]);
  });
});
