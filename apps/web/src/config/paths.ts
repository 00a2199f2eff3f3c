/** Every route of access-and-admin.md §2 and trading.md §2, with the title its screen shows. */
export const paths = {
  login: { path: '/login', title: 'Entrar' },
  register: { path: '/register', title: 'Criar Conta' },
  forgotPassword: { path: '/forgot-password', title: 'Recuperar Senha' },
  resetPassword: { path: '/reset-password', title: 'Redefinir Senha' },
  welcome: { path: '/welcome', title: 'Bem-vindo ao Vórtex' },
  dashboard: { path: '/dashboard', title: 'Dashboard' },
  statistics: { path: '/statistics', title: 'Estatísticas Reais MT5' },
  trades: { path: '/trades', title: 'Trades Reais MT5' },
  fibonacci: { path: '/fibonacci', title: 'Fibonacci' },
  settings: { path: '/settings', title: 'Parametrização VórtexBot' },
  backtest: { path: '/backtest', title: 'Backtest' },
  alerts: { path: '/alerts', title: 'Gerenciador de Alertas' },
  reports: { path: '/reports', title: 'Relatórios de Trading' },
  // Issue 26: every account of the trader, one currency summed at a time.
  accounts: { path: '/contas', title: 'Todas as contas' },
  taxes: { path: '/impostos', title: 'Imposto de Renda' },
  taxesAnnual: { path: '/impostos/anual/:year', title: 'Imposto de Renda — resumo anual' },
  mt5: { path: '/mt5', title: 'Configuração MT5' },
  backup: { path: '/backup', title: 'Backup' },
  users: { path: '/users', title: 'Gerenciamento de Usuários' },
  bridge: { path: '/bridge', title: 'Bridge MT5 - Pareamento' },
  bridgeAdmin: { path: '/bridge-admin', title: 'Controle Bridge (Admin)' },
} as const;

export type RouteKey = keyof typeof paths;
