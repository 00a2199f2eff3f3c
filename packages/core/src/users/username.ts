/**
 * Username from the part of the email before the at-sign (access-and-admin.md §5): accents
 * stripped, lowercased, anything not a-z or 0-9 replaced by underscore, cut to 20 characters.
 */
export const USERNAME_MAX = 20;

export function deriveUsername(email: string): string {
  const local = email.split('@')[0] ?? '';
  return local
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '_')
    .slice(0, USERNAME_MAX);
}
