/** Registration (§5): 8+ characters with upper, lower, digit and one of @$!%*?&. */
export const REGISTER_SPECIALS = '@$!%*?&';
/** Reset (§5): 8+ characters with upper, lower, digit and one of !@#$%^&*(),.?":{}|<>. */
export const RESET_SPECIALS = '!@#$%^&*(),.?":{}|<>';
export const PASSWORD_MIN = 8;
/** Bounded so a megabyte of "password" cannot tie up the hasher. */
export const PASSWORD_MAX = 128;

// The special characters are all ASCII, so code units are enough here.
const hasAny = (value: string, chars: string) => Array.from(chars).some((c) => value.includes(c));

export function hasRequiredClasses(value: string, specials: string): boolean {
  return /[A-Z]/.test(value) && /[a-z]/.test(value) && /\d/.test(value) && hasAny(value, specials);
}

/** The reset screen keeps its submit disabled until this holds. */
export function isStrongResetPassword(value: string): boolean {
  return value.length >= PASSWORD_MIN && hasRequiredClasses(value, RESET_SPECIALS);
}
