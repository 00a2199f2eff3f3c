/**
 * Phones as WhatsApp sees them. Users type theirs freely ("(11) 98765-4321", "+55 11 ..."), and
 * WhatsApp may know a Brazilian mobile with or without the ninth digit, so numbers are compared
 * by a key that drops the country code 55 and that ninth digit.
 */

const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/**
 * Digits with country code, for sending: a number written with '+' keeps its own, a bare
 * Brazilian one (DDD + 8 or 9 digits) gets 55.
 */
export function toWhatsAppNumber(phone: string): string | null {
  const d = digitsOf(phone);
  const international = phone.trim().startsWith('+');
  if (!international && (d.length === 10 || d.length === 11)) return `55${d}`;
  return d.length >= (international ? 8 : 12) && d.length <= 15 ? d : null;
}

/** The comparison key: Brazilian numbers as DDD + last 8 digits, others as their digits. */
export function phoneKey(phone: string): string | null {
  let d = digitsOf(phone);
  if ((d.length === 12 || d.length === 13) && d.startsWith('55')) d = d.slice(2);
  if (d.length === 11 && d[2] === '9') return d.slice(0, 2) + d.slice(3);
  if (d.length === 10) return d;
  return d.length >= 8 && d.length <= 15 ? d : null;
}

export const samePhone = (a: string, b: string): boolean => {
  const ka = phoneKey(a);
  return ka !== null && ka === phoneKey(b);
};

export const jidOf = (number: string) => `${number}@s.whatsapp.net`;

/** The phone digits of a personal JID ('5511987654321:12@s.whatsapp.net'); null for groups/LIDs. */
export function phoneOfJid(jid: string | null | undefined): string | null {
  const m = /^(\d{8,15})(?::\d+)?@s\.whatsapp\.net$/.exec(jid ?? '');
  return m?.[1] ?? null;
}
