import { ALL_ENDPOINTS, type Endpoint } from '@vortex/core';
import { z } from 'zod';
import { describe, expect, it } from '../../test/fixture.js';

const OpenApiPaths = z.object({
  paths: z.record(
    z.string(),
    z.record(z.string(), z.looseObject({ responses: z.record(z.string(), z.unknown()) })),
  ),
});

const key = (method: string, url: string) => `${method} ${url}`;
const accessText = (access: Endpoint['access']) =>
  typeof access === 'string' ? access : [...access].sort().join(',');

/** Every method and path the table declares, each with the endpoint it belongs to. */
function tableRoutes(): Map<string, Endpoint> {
  const routes = new Map<string, Endpoint>();
  for (const endpoint of ALL_ENDPOINTS) {
    for (const url of [endpoint.path, ...(endpoint.aliases ?? [])]) {
      const k = key(endpoint.method, url);
      expect(routes.has(k), `${k} is declared twice in the table`).toBe(false);
      routes.set(k, endpoint);
    }
  }
  return routes;
}

describe('the endpoint table and the server agree', () => {
  it('registers every endpoint of the table, and nothing the table does not declare', ({ app }) => {
    const table = tableRoutes();
    const registered = new Set<string>();
    const problems: string[] = [];
    for (const route of app.routeTable) {
      // Fastify's HEAD copy of a GET, the OpenAPI UI and the CORS preflight are not endpoints.
      if (
        route.method === 'HEAD' ||
        route.method === 'OPTIONS' ||
        route.url.startsWith('/api/docs')
      )
        continue;
      const k = key(route.method, route.url);
      registered.add(k);
      const endpoint = table.get(k);
      if (!endpoint) problems.push(`${k} is registered but not in the endpoint table`);
      else if (accessText(endpoint.access) !== accessText(route.access))
        problems.push(
          `${k} is registered with access ${accessText(route.access)}, the table says ${accessText(endpoint.access)}`,
        );
    }
    for (const k of table.keys()) {
      if (!registered.has(k))
        problems.push(`${k} is in the endpoint table but no route answers it`);
    }
    expect(problems).toEqual([]);
    expect(registered.size).toBe(table.size);
  });
});

describe('the OpenAPI document follows the table', () => {
  it('lists each endpoint once per path, with its own success status and no other', ({ app }) => {
    const doc = OpenApiPaths.parse(app.swagger());
    const problems: string[] = [];
    for (const endpoint of ALL_ENDPOINTS) {
      if (endpoint.produces === 'websocket') continue; // hidden: no HTTP answer to document
      const openApiPath = endpoint.path.replace(/:([A-Za-z]+)/g, '{$1}');
      const op = doc.paths[openApiPath]?.[endpoint.method.toLowerCase()];
      if (!op) {
        problems.push(`${endpoint.method} ${endpoint.path} is missing from the document`);
        continue;
      }
      const success = Object.keys(op.responses).filter((s) => s.startsWith('2'));
      const want = String(endpoint.status ?? 200);
      if (
        endpoint.description &&
        doc.paths[openApiPath]?.[endpoint.method.toLowerCase()] &&
        !JSON.stringify(op).includes(endpoint.description.slice(0, 40))
      )
        problems.push(`${endpoint.method} ${endpoint.path} lost its description`);
      if (success.join() !== want)
        problems.push(
          `${endpoint.method} ${endpoint.path} documents ${success.join()}, not ${want}`,
        );
    }
    expect(problems).toEqual([]);
  });
});
