/** BRL rounded to cents, the unit every deal and the balance are kept in. */
export function roundCents(value: number): number {
  return Math.round(value * 100) / 100 + 0; // + 0 turns -0 into 0
}
