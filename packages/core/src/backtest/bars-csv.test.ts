import { describe, expect, it } from 'vitest';
import { parseBarsCsv } from './bars-csv.js';
import { backtestMessages as m } from './messages.js';

const MT5 = [
  '<DATE>\t<TIME>\t<OPEN>\t<HIGH>\t<LOW>\t<CLOSE>\t<TICKVOL>\t<VOL>\t<SPREAD>',
  '2025.11.19\t10:00:00\t125000\t125050\t124980\t125020\t310\t1200\t5',
  '2025.11.19\t10:01:00\t125020\t125040\t124990\t125000\t280\t990\t5',
].join('\n');

describe('parseBarsCsv', () => {
  it("reads MT5's export in São Paulo time", () => {
    const parsed = parseBarsCsv(MT5, 10);
    expect(parsed).toEqual({
      ok: true,
      bars: [
        // 10:00 in São Paulo (UTC−3) is 13:00 UTC.
        {
          time: Date.UTC(2025, 10, 19, 13) / 1000,
          open: 125_000,
          high: 125_050,
          low: 124_980,
          close: 125_020,
        },
        {
          time: Date.UTC(2025, 10, 19, 13, 1) / 1000,
          open: 125_020,
          high: 125_040,
          low: 124_990,
          close: 125_000,
        },
      ],
    });
  });

  it('reads a plain CSV with epoch or ISO times, comma or semicolon separated', () => {
    const epoch = parseBarsCsv('time,open,high,low,close\n1763557200,1,2,0.5,1.5\n', 10);
    expect(epoch).toMatchObject({ ok: true, bars: [{ time: 1_763_557_200, close: 1.5 }] });
    const iso = parseBarsCsv('Time;Open;High;Low;Close\r\n2025-11-19T13:00:00Z;1;2;0.5;1.5', 10);
    expect(iso).toMatchObject({ ok: true, bars: [{ time: 1_763_557_200 }] });
  });

  it('names the first bad row in pt-BR', () => {
    const head = 'time,open,high,low,close\n';
    expect(parseBarsCsv('', 10)).toEqual({ ok: false, error: m.csvEmpty });
    expect(parseBarsCsv('a,b,c\n1,2,3', 10)).toEqual({ ok: false, error: m.csvHeader });
    expect(parseBarsCsv(`${head}ontem,1,2,0.5,1`, 10)).toEqual({
      ok: false,
      error: m.csvBadTime(2),
    });
    expect(parseBarsCsv(`${head}100,1,x,0.5,1`, 10)).toEqual({
      ok: false,
      error: m.csvBadPrice(2),
    });
    expect(parseBarsCsv(`${head}100,1,2,0.5,3`, 10)).toEqual({
      ok: false,
      error: m.csvBadRange(2),
    });
    expect(parseBarsCsv(`${head}200,1,2,0.5,1\n100,1,2,0.5,1`, 10)).toEqual({
      ok: false,
      error: m.csvOutOfOrder(3),
    });
    expect(parseBarsCsv(`${head}100,1,2,0.5,1\n200,1,2,0.5,1`, 1)).toEqual({
      ok: false,
      error: m.csvTooManyBars(1),
    });
    const feb30 = MT5.replace('2025.11.19\t10:01', '2025.02.30\t10:01');
    expect(parseBarsCsv(feb30, 10)).toEqual({ ok: false, error: m.csvBadTime(3) });
  });
});
