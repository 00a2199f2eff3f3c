import { describe, expect, it } from 'vitest';
import { ImportFileNameSchema, importSummaryMessages } from './accounts.schema.js';

describe('importSummaryMessages.deals', () => {
  it('says what was already there and what is new, as issue 26 writes it', () => {
    expect(importSummaryMessages.deals(312, 4)).toBe('312 deals já existiam; 4 novos');
    expect(importSummaryMessages.deals(1, 1)).toBe('1 deal já existia; 1 novo');
    expect(importSummaryMessages.deals(28_000, 0)).toBe('28.000 deals já existiam; nenhum novo');
    expect(importSummaryMessages.deals(0, 358)).toBe('358 deals novos');
    expect(importSummaryMessages.deals(0, 1)).toBe('1 deal novo');
  });
});

describe('ImportFileNameSchema', () => {
  it('keeps a file name and refuses a path or control characters', () => {
    expect(ImportFileNameSchema.parse(' ReportHistory-123.xlsx ')).toBe('ReportHistory-123.xlsx');
    expect(ImportFileNameSchema.safeParse('Relatório (1).html').success).toBe(true);
    for (const bad of ['', '../etc/passwd', 'C:\\x.html', 'a\u0000b', 'x'.repeat(256)]) {
      expect(ImportFileNameSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
