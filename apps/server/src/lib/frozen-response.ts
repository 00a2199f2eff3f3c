const frozen = new WeakSet<object>();

/**
 * Deep-freezes a response body that many requests will share (a cached read) and marks it, so the
 * serializer may check and stringify it once instead of on every request (app/serializer.ts).
 */
export function freezeResponse<T extends object>(body: T): T {
  deepFreeze(body);
  frozen.add(body);
  return body;
}

export function isFrozenResponse(value: unknown): value is object {
  return typeof value === 'object' && value !== null && frozen.has(value);
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}
