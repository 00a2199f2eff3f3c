import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  defineEndpoint,
  endpointUrl,
  pathParamNames,
  type EndpointInput,
} from './define-endpoint.js';

const month = defineEndpoint({
  method: 'PUT',
  path: '/api/taxes/darf/:month',
  access: ['admin', 'user', 'trader'],
  tags: ['taxes'],
  summary: 'x',
  params: z.object({ month: z.string() }),
  body: z.object({ paid: z.boolean() }),
  response: z.object({ success: z.literal(true) }),
});

describe('endpointUrl', () => {
  it('fills path parameters URL-encoded and leaves empty query values out', () => {
    expect(endpointUrl(month, { params: { month: '2026/01 x' } })).toBe(
      '/api/taxes/darf/2026%2F01%20x',
    );
    expect(
      endpointUrl(
        { path: '/api/bridge/audit/search' },
        { query: { action: 'revoke', page: 2, user: '', from: undefined, to: null, ok: false } },
      ),
    ).toBe('/api/bridge/audit/search?action=revoke&page=2&ok=false');
    // Encoded as URLSearchParams would: spaces as '+', the rest percent-encoded.
    const query = { q: 'ana maria&co', when: '2026-01-01T00:00:00-03:00' };
    expect(endpointUrl({ path: '/api/x' }, { query })).toBe(
      `/api/x?${new URLSearchParams(query).toString()}`,
    );
  });

  it('refuses to build a path with a parameter missing', () => {
    expect(() => endpointUrl(month, { params: {} })).toThrow(
      'Parâmetro de caminho ausente: month em /api/taxes/darf/:month',
    );
  });

  it('names the path parameters in order', () => {
    expect(pathParamNames('/api/bridge/claim/:id/:action')).toEqual(['id', 'action']);
    expect(pathParamNames('/api/alerts/config')).toEqual([]);
  });

  it('types what a caller must give: params and body when the endpoint has them', () => {
    const ok: EndpointInput<typeof month> = { params: { month: '2026-01' }, body: { paid: true } };
    expect(ok.params.month).toBe('2026-01');
    // @ts-expect-error the body is required
    const noBody: EndpointInput<typeof month> = { params: { month: '2026-01' } };
    // @ts-expect-error the path parameter is required
    const noParams: EndpointInput<typeof month> = { body: { paid: true } };
    expect([noBody, noParams]).toHaveLength(2);
  });
});
