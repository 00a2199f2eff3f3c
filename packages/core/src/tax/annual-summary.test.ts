import { describe, expect, it } from 'vitest';
import { taxAnnualCsv, annualRows } from './annual-summary.js';
import { computeTaxes } from './compute-taxes.js';
import { roundTrip } from './tax.fixture.js';

describe('annual summary', () => {
  const deals = [
    ...roundTrip('2026-01-05 10:00', '2026-01-05 11:00', -3000),
    ...roundTrip('2026-02-02 10:00', '2026-02-02 11:00', 5000),
  ];
  const months = computeTaxes(deals, { today: '2026-12-15' })
    .months.filter((m) => m.month.startsWith('2026'))
    .map((m) => ({
      ...m,
      paid:
        m.month === '2026-02' ? { paid_at: '2026-03-20T12:00:00Z', amount_cents: 35_000 } : null,
    }));

  it('gives each month the IRPF form’s figures per kind and the consolidation', () => {
    const [jan, feb] = annualRows(months);
    expect(jan?.dayTrade).toEqual([-3000, 0, 0, 3000, 20, 0]);
    expect(feb?.dayTrade).toEqual([5000, -3000, 2000, 0, 20, 400]);
    expect(feb?.consolidation).toEqual([400, 50, 0, 0, 0, 0, 0, 350, 350, '2026-03-31', 350]);
  });

  it('writes one CSV line per month after the header', () => {
    const lines = taxAnnualCsv(months).trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 12);
    expect(lines[0]).toMatch(/^Mês,Operações comuns: Resultado líquido do mês,/);
    expect(lines[2]).toBe(
      '2026-02,0.00,0.00,0.00,0.00,15.00,0.00,5000.00,-3000.00,2000.00,0.00,20.00,400.00,400.00,50.00,0.00,0.00,0.00,0.00,0.00,350.00,350.00,2026-03-31,350.00',
    );
  });
});
