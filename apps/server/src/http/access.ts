import { API_DOCS_PATH, type Role } from '@vortex/core';
import type { FastifyInstance } from 'fastify';

/**
 * Who may call a route. Every route declares one: `public`, `authenticated` (any active user)
 * or the list of roles allowed. A route without a declaration fails at registration.
 */
export type RouteAccess = 'public' | 'authenticated' | readonly Role[];

export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every registered route with its access, for the authorization matrix. */
    routeTable: RouteEntry[];
  }
}

// Routes that plugins register for themselves are public: the OpenAPI UI and document, and the
// CORS preflight (which answers only for the allowed origins).
const PLUGIN_PUBLIC_PREFIXES = [API_DOCS_PATH];
const isPluginPublic = (method: string, url: string) =>
  PLUGIN_PUBLIC_PREFIXES.some((p) => url.startsWith(p)) || (method === 'OPTIONS' && url === '*');

export function requireAccessDeclarations(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { access?: RouteAccess };
    let access = config.access;
    if (access === undefined && isPluginPublic(route.method.toString(), route.url)) {
      access = 'public';
      route.config = { ...config, access };
    }
    if (access === undefined) {
      throw new Error(
        `Rota ${route.method.toString()} ${route.url} não declara quem pode chamá-la`,
      );
    }
    for (const method of [route.method].flat()) table.push({ method, url: route.url, access });
  });
}

export function routeAccess(config: unknown): RouteAccess | undefined {
  return (config as { access?: RouteAccess } | undefined)?.access;
}
