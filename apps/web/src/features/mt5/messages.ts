import { mt5Messages } from '@vortex/core';

/** Every text of the /mt5 screen (trading.md §2 "MT5 configuration", §4, §5, §8). */
export const mt5Texts = {
  subtitle:
    'Ligue sua conta MetaTrader 5 ao Vórtex pelo agente instalado no computador em que o MT5 roda.',
  refresh: 'Atualizar',
  updatedAt: (time: string) => `Atualizado às ${time}`,
  statusFailed: (message: string) => `Não foi possível consultar o estado do MT5: ${message}`,
  connectionError: 'Erro de conexão com o servidor',
  retry: 'Tentar novamente',
  checking: 'Verificando...',

  installation: {
    title: 'Instalação',
    on: 'Agente Vórtex conectado',
    off: 'Agente Vórtex não encontrado',
    onHint: 'O agente está em execução no computador do MT5 e ligado ao servidor.',
    offHint: 'Inicie o agente Vórtex no computador do MT5. Para parear um novo, use a tela Bridge.',
    badgeOn: 'Bridge ativa',
    badgeOff: 'Bridge off',
  },
  connection: {
    title: 'Conexão MT5',
    on: 'MT5 conectado',
    off: 'MT5 desconectado',
    badgeOn: 'Conectado',
    badgeOff: 'Desconectado',
    connecting: 'Conectando...',
    disconnecting: 'Desconectando...',
    account: 'Conta',
    server: 'Servidor',
    none: '—',
  },

  form: {
    title: 'Credenciais da conta',
    description:
      'O login segue para o MT5 pelo agente Vórtex. A senha não fica gravada no Vórtex nem neste navegador.',
    login: 'Login da conta',
    loginPlaceholder: 'Ex.: 12345678',
    server: 'Servidor',
    realGroup: 'Contas reais',
    demoGroup: 'Contas demo',
    manualOption: 'Outro servidor (digitar)...',
    manualLabel: 'Nome do servidor',
    manualPlaceholder: 'Exatamente como aparece no MT5',
    serverHint: 'Confira o nome em Arquivo > Abrir uma conta, no MT5.',
    password: 'Senha',
    showPassword: 'Mostrar senha',
    hidePassword: 'Ocultar senha',
    bridgeUrl: 'URL da bridge',
    bridgeUrlHint:
      'Endereço local do agente Vórtex; o padrão serve para a maioria das instalações.',
    testBridge: 'Testar Bridge',
    testing: 'Testando...',
    connect: 'Conectar',
    connecting: 'Conectando...',
    disconnect: 'Desconectar',
    disconnecting: 'Desconectando...',
  },

  account: {
    title: 'Informações da conta',
    description: 'Valores enviados pelo MT5 na última leitura do agente.',
    balance: 'Saldo',
    equity: 'Patrimônio',
    margin: 'Margem',
    freeMargin: 'Margem livre',
    marginLevel: 'Nível de margem',
    profit: 'Lucro/prejuízo aberto',
    currency: 'Moeda',
    company: 'Corretora',
    server: 'Servidor',
    login: 'Conta',
    updatedAt: 'Atualizado em',
    tradeMode: { demo: 'Demo', real: 'Real' } as Record<string, string>,
    loading: 'Carregando dados da conta...',
    failed: (message: string) => `Erro ao carregar dados da conta: ${message}`,
    emptyTitle: 'Nenhuma conta MT5 ainda',
    emptyText:
      'Os dados aparecem aqui quando o agente Vórtex enviar a primeira leitura da conta. Conecte o MT5 com as credenciais ao lado.',
  },

  advanced: {
    open: 'Configurações avançadas',
    title: 'Configurações avançadas',
    description: 'Preferências da conexão com a bridge, guardadas neste navegador.',
    timeout: 'Tempo limite (ms)',
    timeoutHint: 'Entre 5000 e 60000 ms.',
    maxRetries: 'Tentativas',
    maxRetriesHint: 'Entre 1 e 10.',
    enableLogging: 'Registrar logs da conexão',
    autoReconnect: 'Reconectar automaticamente',
    timeoutRange: 'O tempo limite deve ficar entre 5000 e 60000 ms.',
    retriesRange: 'As tentativas devem ficar entre 1 e 10.',
    save: 'Salvar',
    cancel: 'Cancelar',
    restore: 'Restaurar padrão',
    close: 'Fechar',
    saved: 'Configurações avançadas salvas.',
  },

  guide: {
    title: 'Como funciona',
    steps: [
      'Instale e inicie o agente Vórtex no computador em que o MetaTrader 5 está aberto.',
      'Pareie o agente na tela Bridge com um token gerado para a sua conta.',
      'No MT5, anexe o Expert Advisor VortexBridge a um gráfico qualquer.',
      'Informe login, servidor e senha acima e clique em Conectar.',
      'Use Testar Bridge para confirmar conta e servidor antes de ligar o robô.',
    ],
    troubleshootingTitle: 'Solução de problemas',
    troubleshooting: [
      {
        title: 'Bridge off',
        text: 'O agente Vórtex não está em execução ou perdeu a internet. Inicie o agente no computador do MT5 e aguarde alguns segundos.',
      },
      {
        title: 'Bridge acessível, mas MT5 não está logado',
        text: 'Abra o MT5, faça login na conta da corretora e confira o servidor escolhido.',
      },
      {
        title: 'O Expert Advisor não conecta',
        text: 'Em Ferramentas > Opções > Expert Advisors, marque "Permitir WebRequest para as URLs listadas" e adicione 127.0.0.1. Depois, anexe o VortexBridge ao gráfico de novo.',
      },
      {
        title: 'Ordens não são enviadas',
        text: 'Ative o botão Algo Trading na barra do MT5 e confirme que o ícone do Expert Advisor no gráfico está azul.',
      },
      {
        title: 'O agente não respondeu a tempo',
        text: 'O computador do MT5 pode estar em suspensão ou sem rede. Desative a suspensão e tente de novo.',
      },
    ],
  },

  // Spec (trading.md §8), word for word where the spec gives the text.
  bridgeConnected: mt5Messages.bridgeConnected,
  notLoggedIn: mt5Messages.notLoggedIn,
  testFailed: mt5Messages.testFailed,
  connectRefused: 'Erro ao conectar com bridge',
  connectFailed: mt5Messages.connectFailed,
  connectNetwork: 'Erro de conexão com o bridge MT5',
  disconnectFailed: mt5Messages.disconnectFailed,
  bridgeOffline: mt5Messages.bridgeOffline,
  loginSent: mt5Messages.loginSent,
  disconnected: mt5Messages.disconnected,
} as const;
