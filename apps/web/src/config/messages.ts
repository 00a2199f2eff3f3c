/** Texts of the app shell (sidebar, loaders, crash screen); feature texts live in each feature. */
export const shellMessages = {
  loading: 'Carregando...',
  checkingSession: 'Verificando sessão...',
  crashTitle: 'Ocorreu um erro na interface',
  crashHint: 'Tente recarregar a página. Se o problema continuar, fale com o suporte.',
  reload: 'Recarregar',
  forceRefresh: 'Forçar Refresh',
  refreshDone: 'Dados atualizados',
  logout: 'Sair',
  openMenu: 'Abrir menu',
  closeMenu: 'Fechar menu',
  menuTitle: 'Menu de navegação',
  themeToLight: 'Ativar tema claro',
  themeToDark: 'Ativar tema escuro',
  placeholder: 'Esta tela será disponibilizada em breve.',
  backToLogin: 'Voltar para o login',
} as const;

/** Sidebar labels; they are shorter than the screens' titles (config/paths.ts). */
export const navLabels = {
  dashboard: 'Dashboard',
  trades: 'Trades',
  statistics: 'Estatísticas',
  settings: 'Parametrização',
  backtest: 'Backtest',
  mt5: 'MT5',
  bridge: 'Bridge',
  alerts: 'Alertas',
  reports: 'Relatórios',
  taxes: 'Imposto de Renda',
  accounts: 'Contas',
  backup: 'Backup',
  users: 'Usuários',
  bridgeAdmin: 'Controle Bridge (Admin)',
} as const;
