import { samePhone } from '../whatsapp/whatsapp-phone.js';

/**
 * A confirmation holds while the account's phone is still the number it proved, compared as
 * WhatsApp compares numbers (with or without 55 and the ninth digit): a new phone is unconfirmed.
 */
export function isPhoneConfirmed(current: string | null, confirmed: string | null): boolean {
  return current !== null && confirmed !== null && samePhone(current, confirmed);
}
