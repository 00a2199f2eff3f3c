import { alertsMessages, channelLabels } from '../alerts/messages.js';
import { alertTypeNames } from '../alerts/config.schema.js';
import { botFieldLabels, botSectionLabels } from '../bot/messages.js';

/**
 * The pt-BR name of every field a request can carry (body, query or path), as the screens'
 * forms label it, so a validation message never shows a wire key such as date_of_birth.
 * Keyed by the field's own key; a nested field is named by its parents' labels too.
 */
export const fieldLabels: Readonly<Record<string, string>> = {
  ...botSectionLabels,
  ...botFieldLabels,
  ...alertTypeNames,
  // Registration and users (access-and-admin.md §2, §3; the forms' labels).
  full_name: 'Nome completo',
  username: 'Nome de usuário',
  email: 'Email',
  phone: 'Telefone',
  date_of_birth: 'Data de nascimento',
  password: 'Senha',
  account_type: 'Tipo de conta',
  uses_mt5: 'Utiliza MT5',
  broker: 'Corretora',
  role: 'Role',
  status: 'Status',
  id: 'Identificador',
  user_id: 'Usuário',
  userId: 'Usuário',
  channel: 'Canal',
  code: 'Código de confirmação',
  token: 'Token',
  tokenId: 'Token',
  label: 'Rótulo',
  // Communication centre.
  type: 'Tipo de mensagem',
  recipients: 'Destinatários',
  subject: 'Assunto',
  message: 'Mensagem',
  // Alerts (trading.md §3).
  whatsapp: channelLabels.whatsapp,
  sms: channelLabels.sms,
  channels: alertsMessages.channelsTitle,
  alertTypes: alertsMessages.typesTitle,
  name: 'Nome',
  soundEnabled: alertsMessages.soundLabel,
  statisticsFrequency: alertsMessages.statisticsFrequencyLabel,
  promotionsFrequency: alertsMessages.promotionsFrequencyLabel,
  // MT5 connection.
  login: 'Login da conta',
  server: 'Servidor',
  bridge_url: 'URL da bridge',
  // Reports, trades, dashboard and market queries.
  date_range: 'Período',
  report_type: 'Tipo de relatório',
  language: 'Idioma',
  // Accounts and the import of the terminal's reports.
  account_id: 'Conta',
  import_id: 'Importação',
  file_name: 'Arquivo',
  currency: 'Moeda',
  range: 'Período',
  start: 'Início',
  end: 'Fim',
  start_date: 'Data inicial',
  end_date: 'Data final',
  from: 'De',
  to: 'Até',
  days: 'Dias',
  magic: 'Magic',
  limit: 'Limite',
  offset: 'Deslocamento',
  order_by: 'Ordenar por',
  order: 'Ordem',
  page: 'Página',
  page_size: 'Itens por página',
  no_cache: 'Sem cache',
  _: 'Marcador de atualização',
  event_type: 'Tipo de evento',
  ticket: 'Ticket',
  // Bot and backtest.
  config: 'Configuração',
  source: 'Fonte dos dados',
  csv: 'Arquivo CSV',
  seed: 'Semente',
  paused: 'Entradas pausadas',
  // Backups (the screen's Configurações and Agendamento tabs).
  auto_backup_enabled: 'Backup automático',
  backup_frequency: 'Frequência',
  backup_time: 'Horário',
  backup_database: 'Banco de dados',
  backup_data_files: 'Arquivos de dados',
  backup_reports: 'Relatórios',
  backup_logs: 'Logs',
  backup_config: 'Configurações',
  keep_daily_backups: 'Backups diários a manter',
  keep_weekly_backups: 'Backups semanais a manter',
  keep_monthly_backups: 'Backups mensais a manter',
  compress_backups: 'Comprimir backups (gzip)',
  compression_level: 'Nível de compressão',
  backup_location: 'Local',
  local_backup_path: 'Pasta dos backups',
  notify_on_success: 'Notificar em caso de sucesso',
  notify_on_failure: 'Notificar em caso de falha',
  notification_email: 'Email para notificações',
  filename: 'Arquivo',
  // Income tax (issue 17): the year, a month, a DARF marked paid and the settings.
  year: 'Ano',
  month: 'Mês',
  paid: 'Pago',
  cost_per_contract_side: 'Custo por contrato',
  darf_reminder: 'Lembrete do DARF',
  // The interface's crash report (POST /api/client-log).
  level: 'Nível',
  stack: 'Pilha de chamadas',
  componentStack: 'Pilha de componentes',
  ua: 'Navegador',
  ts: 'Horário',
  url: 'Endereço',
};

/**
 * The field at `path` named for a person: each known key by its label, a list position as
 * 'item N'; an unknown key (a client's typo) is left out rather than shown raw.
 */
export function fieldLabel(path: readonly (string | number)[]): string {
  const names: string[] = [];
  for (const key of path) {
    if (typeof key === 'number' || /^\d+$/.test(key)) names.push(`item ${Number(key) + 1}`);
    else if (Object.hasOwn(fieldLabels, key)) names.push(fieldLabels[key] as string);
  }
  return names.join(' › ');
}

/** 'Dados inválidos.' prefixed to a validation message, so every 400 reads the same. */
export const INVALID_DATA = 'Dados inválidos.';

/**
 * A validation failure as the user reads it: 'Dados inválidos. Telefone: …'. A message that
 * already names its field ('A data de nascimento não pode ser no futuro') is not prefixed
 * with that name again; its parents' names still say where it is.
 */
export function invalidFieldMessage(path: readonly (string | number)[], message: string): string {
  const parents = fieldLabel(path.slice(0, -1));
  const own = fieldLabel(path.slice(-1));
  const named =
    own !== '' && message.toLocaleLowerCase('pt-BR').includes(own.toLocaleLowerCase('pt-BR'));
  const where = [parents, named ? '' : own].filter(Boolean).join(' › ');
  return `${INVALID_DATA} ${where ? `${where}: ` : ''}${message}`.trim();
}
