import {
  DEFAULT_BACKUP_SETTINGS,
  type BackupConfig,
  type BackupItem,
  type BackupStats,
} from '@vortex/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json, type FakeCall } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { adminUser, seedSession } from '../../../test/session-fixtures';

const config: BackupConfig = {
  ...DEFAULT_BACKUP_SETTINGS,
  local_backup_path: '/srv/vortex/backups',
};

const item = (over: Partial<BackupItem> = {}): BackupItem => ({
  filename: 'vortex-backup-20261123-020000-ab12.sql.gz',
  size: 1536,
  date: '2026-11-23T05:00:00.000Z',
  type: 'automatic',
  status: 'success',
  error: null,
  tables: 24,
  rows: 12345,
  counts: { users: 2 },
  tool: 'catálogo',
  ...over,
});

const statsOf = (items: BackupItem[]): BackupStats => ({
  total_backups: items.length,
  progress: null,
  total_size: items.reduce((a, b) => a + (b.status === 'success' ? b.size : 0), 0),
  last_backup: items[0] ?? null,
  next_backup: '2026-11-24T05:00:00.000Z',
});

function backupApi(
  opts: {
    items?: BackupItem[];
    put?: (call: FakeCall) => Response;
    run?: (call: FakeCall) => Response;
  } = {},
) {
  seedSession(adminUser);
  const items = opts.items ?? [];
  return fakeApi({
    'GET /api/auth/whoami': () => json({ success: true, user: adminUser }),
    'GET /api/backup/config': () => json({ success: true, data: config }),
    'GET /api/backup/list': () => json({ success: true, data: items }),
    'GET /api/backup/stats': () => json({ success: true, data: statsOf(items) }),
    'PUT /api/backup/config': opts.put ?? ((c) => json({ success: true, data: c.body })),
    'GET /api/backup/download/vortex-backup-20261123-020000-ab12.sql.gz': () =>
      new Response('dump', { status: 200 }),
    'POST /api/backup/run':
      opts.run ??
      (() =>
        json({
          success: true,
          data: item({ type: 'manual' }),
          message: 'Backup executado com sucesso!',
        })),
  });
}

async function open() {
  renderApp('/backup');
  await screen.findByRole('heading', { level: 1, name: 'Backup' }, { timeout: 5000 });
  await screen.findByRole('tab', { name: 'Criar' });
}

const card = (name: string) => screen.getByRole('group', { name });

describe("'Backup' manager (trading.md §2, §5, §8, §9)", () => {
  it('shows the four tabs and the summary cards, empty', async () => {
    backupApi();
    await open();
    for (const tab of ['Criar', 'Backups', 'Configurações', 'Agendamento'])
      expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
    expect(within(card('Total de backups')).getByText('0')).toBeTruthy();
    expect(within(card('Status')).getByText('Desconhecido')).toBeTruthy();
    expect(within(card('Espaço utilizado')).getByText('0 B')).toBeTruthy();
    expect(within(card('Último backup')).getByText('Nenhum')).toBeTruthy();
    expect(screen.getByText(/Backup automático ativado: diário às 02:00/)).toBeTruthy();
    expect(screen.getByText(/mantidos os 7 diários, 4 semanais e 12 mensais/)).toBeTruthy();
    expect(screen.queryByText('Teste ainda não implementado')).toBeNull();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Backups' }));
    expect(await screen.findByText('Nenhum backup ainda')).toBeTruthy();
  });

  it('runs a backup from Criar with an empty body and says so', async () => {
    const api = backupApi();
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Executar backup' }));
    expect(await screen.findByText('Backup executado com sucesso!')).toBeTruthy();
    expect(api.callsTo('/api/backup/run')).toEqual([
      expect.objectContaining({ method: 'POST', body: {} }),
    ]);
  });

  it("shows the server's reason when a backup fails", async () => {
    backupApi({
      run: () =>
        json({
          success: false,
          error: 'Verificação falhou: a tabela deals tem 1 linhas restauradas, esperadas 2.',
          data: null,
        }),
    });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Executar backup' }));
    expect(await screen.findByText(/Verificação falhou: a tabela deals/)).toBeTruthy();
  });

  it('lists backups with size, status, failure reason, and downloads a verified one', async () => {
    const failed = item({
      filename: 'vortex-backup-20261122-020000-cd34.sql.gz',
      status: 'failed',
      error: 'Falha ao gerar o dump: disco cheio',
      size: 0,
    });
    const api = backupApi({ items: [item(), failed] });
    const created = vi.fn(() => 'blob:backup');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    await open();
    expect(within(card('Total de backups')).getByText('2')).toBeTruthy();
    expect(within(card('Espaço utilizado')).getByText('1,5 KB')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Backups' }));
    const table = await screen.findByRole('table', { name: 'Backups' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('Sucesso')).toBeTruthy();
    expect(
      within(rows[1] as HTMLElement).getByText('24 tabelas, 12.345 linhas verificadas'),
    ).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Falhou')).toBeTruthy();
    expect(
      within(rows[2] as HTMLElement).getByText('Falha ao gerar o dump: disco cheio'),
    ).toBeTruthy();
    // Only a verified backup is offered for download.
    expect(within(rows[2] as HTMLElement).queryByRole('button')).toBeNull();
    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: /Baixar/ }));
    await waitFor(() => {
      expect(created).toHaveBeenCalled();
    });
    expect(
      api.callsTo('/api/backup/download/vortex-backup-20261123-020000-ab12.sql.gz')[0]?.headers,
    ).toMatchObject({ authorization: 'Bearer tok-123' });
  });

  it('saves the settings whole, holds values outside the limits, hides the level without compression', async () => {
    const api = backupApi();
    await open();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Configurações' }));
    const daily = await screen.findByLabelText('Backups diários a manter');
    fireEvent.change(daily, { target: { value: '31' } });
    expect(screen.getByText('Entre 1 e 30.')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Salvar configurações' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(daily, { target: { value: '10' } });
    expect(screen.getByLabelText('Email para notificações').getAttribute('type')).toBe('email');
    fireEvent.click(screen.getByRole('switch', { name: 'Comprimir backups (gzip)' }));
    expect(screen.queryByLabelText('Nível de compressão')).toBeNull();
    fireEvent.click(save);
    expect(await screen.findByText('Configurações salvas com sucesso!')).toBeTruthy();
    expect(api.callsTo('/api/backup/config').find((c) => c.method === 'PUT')?.body).toEqual({
      ...config,
      keep_daily_backups: 10,
      compress_backups: false,
    });
  });

  it('schedules from Agendamento and shows a refused save in the server words', async () => {
    const api = backupApi({
      put: () =>
        // As the server words it: the field named as the form names it, never backup_time.
        json(
          { success: false, error: 'Dados inválidos. Horário no formato HH:MM' },
          { status: 400 },
        ),
    });
    await open();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Agendamento' }));
    const time = await screen.findByLabelText('Horário');
    fireEvent.change(time, { target: { value: '03:15' } });
    fireEvent.change(screen.getByLabelText('Frequência'), { target: { value: 'weekly' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText(/Dados inválidos\. Horário no formato HH:MM/)).toBeTruthy();
    expect(api.callsTo('/api/backup/config').find((c) => c.method === 'PUT')?.body).toMatchObject({
      backup_time: '03:15',
      backup_frequency: 'weekly',
    });
    fireEvent.click(screen.getByRole('switch', { name: 'Backup automático' }));
    expect(screen.getByLabelText<HTMLInputElement>('Horário').disabled).toBe(true);
    expect(screen.getByText('Nenhum agendado')).toBeTruthy();
  });
});
