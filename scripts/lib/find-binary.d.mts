export function onPath(name: string): string | undefined;
export function findRedisServer(): string | undefined;
