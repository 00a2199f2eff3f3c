import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fake-api';
import { bridgeAdminApi, openPanel, serverHealth } from '../bridge-admin.fixtures';
import { HealthPanel } from './health-panel';

/** The card of one dependency, found by its pt-BR name. */
async function card(name: string) {
  const list = await screen.findByRole('region', { name: 'Dependências do servidor' });
  const label = await within(list).findByText(name, { selector: 'p' });
  return within(label.closest('li') as HTMLElement);
}

describe("'Bridge Health' panel: the server's dependencies (GET /health)", () => {
  it('names each dependency’s state in words, with the free disk space', async () => {
    bridgeAdminApi({
      'GET /health': () =>
        json({
          ...serverHealth,
          redis: { state: 'up', latency_ms: 0.4 },
          mail: {
            mode: 'smtp',
            state: 'ok',
            last_sent_at: '2026-11-29T10:00:00.000Z',
            last_failure_at: null,
          },
        }),
    });
    await openPanel(<HealthPanel />, 'Bridge Health');
    const db = await card('Banco de dados');
    expect(db.getByText('no ar')).toBeTruthy();
    expect(db.getByText('resposta em 1 ms')).toBeTruthy();
    expect((await card('Redis')).getByText('no ar')).toBeTruthy();
    const mail = await card('E-mail');
    expect(mail.getByText('enviando')).toBeTruthy();
    expect(mail.getByText('via SMTP')).toBeTruthy();
    const disk = await card('Espaço em disco');
    expect(disk.getByText('suficiente')).toBeTruthy();
    expect(disk.getByText('40 GB livre de 100 GB')).toBeTruthy();
  });

  it('shows what is down from the 503 answer, and Redis as not configured on one instance', async () => {
    bridgeAdminApi({
      'GET /health': () =>
        json(
          {
            ...serverHealth,
            success: false,
            status: 'degraded',
            database: {
              ...serverHealth.database,
              reachable: false,
              latency_ms: null,
              state: 'down',
            },
            mail: {
              mode: 'smtp',
              state: 'failing',
              last_sent_at: null,
              last_failure_at: '2026-11-29T10:00:00.000Z',
            },
            disk: { free_bytes: 512 * 1024 ** 2, total_bytes: 100 * 1024 ** 3, low: true },
          },
          { status: 503 },
        ),
    });
    await openPanel(<HealthPanel />, 'Bridge Health');
    expect((await card('Banco de dados')).getByText('fora do ar')).toBeTruthy();
    const redis = await card('Redis');
    expect(redis.getByText('não configurado')).toBeTruthy();
    expect((await card('E-mail')).getByText('último envio falhou')).toBeTruthy();
    const disk = await card('Espaço em disco');
    expect(disk.getByText('pouco espaço')).toBeTruthy();
    expect(disk.getByText('512 MB livre de 100 GB')).toBeTruthy();
  });
});
