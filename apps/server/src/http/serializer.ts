import type { FastifySerializerCompiler } from 'fastify';
import { isFrozenResponse } from '../lib/frozen-response.js';

/**
 * A serializer compiler whose serializers remember their output for bodies marked by
 * freezeResponse: an immutable body checked against the route's schema once stays valid, and
 * its JSON stays the same. Any other body is checked and serialised on every reply.
 */
export function memoizingFrozen<T>(
  compile: FastifySerializerCompiler<T>,
): FastifySerializerCompiler<T> {
  return (route) => {
    const serialize = compile(route);
    // Per compiled serializer: the same body may be written under another route's schema.
    const done = new WeakMap<object, string>();
    return (data: unknown) => {
      if (!isFrozenResponse(data)) return serialize(data);
      let json = done.get(data);
      if (json === undefined) {
        json = serialize(data);
        done.set(data, json);
      }
      return json;
    };
  };
}
