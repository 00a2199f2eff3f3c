/** pt-BR texts of the bot control card (trading.md §2 'Bot control card', §8 'Bot'). */
export const botControlTexts = {
  title: 'Controle do VórtexBot',
  badges: {
    botActive: 'Bot ativo',
    botStopped: 'Bot parado',
    botPaused: 'Aguardando MT5',
    /** Started but unable to trade (status.blocked says why): never 'Bot ativo' then. */
    botBlocked: 'Bot sem operar',
    entriesPaused: 'Entradas pausadas',
    mt5On: 'MT5 conectado',
    mt5Off: 'MT5 desconectado',
    bridgeOn: 'Bridge ativo',
    bridgeOff: 'Bridge desligado',
  },
  counters: {
    trades: 'Trades hoje',
    winners: 'Vencedores',
    losers: 'Perdedores',
    canceled: 'Cancelados',
    average: (value: string) => `média ${value}`,
  },
  start: 'Iniciar bot',
  stop: 'Parar bot',
  starting: 'Iniciando...',
  stopping: 'Parando...',
  settings: 'Configurações',
  pauseEntries: 'Pausar entradas',
  resumeEntries: 'Retomar entradas',
  closingAll: 'Zerando...',
  closeAll: {
    button: 'Zerar posições',
    title: 'Zerar todas as posições?',
    description:
      'Todas as posições abertas desta conta, do bot e manuais, serão fechadas a mercado.',
    confirm: 'Zerar posições',
    cancel: 'Cancelar',
  },
  lastUpdate: (time: string) => `Atualizado às ${time}`,
  since: (time: string) => `Ativo desde ${time}`,
  errors: {
    connection: 'Erro de conexão com o servidor',
    start: 'Erro ao iniciar bot',
    stop: 'Erro ao parar bot',
    pause: 'Erro ao pausar entradas',
    resume: 'Erro ao retomar entradas',
    closeAll: 'Erro ao zerar posições',
    /** Start/stop failures, in an alert prefixed with a cross (§8). */
    failed: (text: string) => `❌ ${text}`,
  },
  /** Why a viewer's start/stop button is disabled. */
  viewerNoControl: 'Perfil Visualizador: só traders e administradores iniciam ou param o bot.',
  prerequisites: {
    title: 'Antes de iniciar o bot:',
    /** The first step, as a link to the screen this role opens to connect MT5. */
    connection: {
      admin: 'Configure a conexão em',
      trader: 'Pareie o bridge em',
    },
    items: [
      'Mantenha o MT5 aberto e logado na conta',
      'Habilite o AutoTrading no MT5',
      'Configure os parâmetros do bot',
    ],
  },
} as const;
