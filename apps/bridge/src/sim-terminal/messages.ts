/** What the simulated terminal tells its operator, in pt-BR, kept together. */
export const USAGE = `sim-terminal — um MT5 simulado que fala com o agente como o Expert Advisor VortexBridge

Uso: node apps/bridge/dist/sim-terminal-main.js --ea-port <porta> [opções]

Conecta-se a 127.0.0.1:<porta>, onde o agente espera o Expert Advisor
(vortex-bridge --adapter ea --ea-port <porta>), e reconecta para sempre quando o agente some.
O mercado simulado continua negociando enquanto o agente está fora, como um terminal de verdade.

  --ea-port <porta>       porta do agente em 127.0.0.1 (obrigatória)
  --seed <semente>        semente do simulador (padrão SIM_SEED ou "vortex")
  --speed <n>             o tempo simulado corre n vezes mais rápido (padrão SIM_SPEED ou 1)
  --history-days <d>      pregões de histórico inicial (padrão SIM_HISTORY_DAYS ou 90)
  --beat-ms <ms>          intervalo do heartbeat e do envio completo de conta, posições e ordens
                          (padrão 5000, como o Expert Advisor)
  --deals-file <arquivo>  mantém neste arquivo JSON todos os deals do terminal, em ordem de ticket
  --start <data ISO>      o relógio simulado começa neste instante (padrão: agora), por exemplo
                          2026-11-17T10:00:00-03:00 para um pregão de terça às 10h
  --active                um robô de referência que opera a cada poucos minutos (testes de carga
                          e de falhas), em vez de poucas vezes por dia
  --help                  mostra esta ajuda

Variáveis que fazem outra conta (como no adaptador sim do agente): SIM_MARGIN_MODE (netting ou
hedging), SIM_CURRENCY (ex.: USD), SIM_DEAL_FEE (taxa por contrato) e SIM_BALANCE_OPS
(depósitos e saques depois do depósito inicial, dia:valor,..., ex.: 20:5000,40:-3000).
`;

export const terminalMessages = {
  badOptions: (problems: readonly string[]) =>
    `Opções inválidas:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
  ready: (account: number, server: string, symbol: string, deals: number, address: string) =>
    `Terminal simulado pronto: conta ${account} (${server}), ${symbol}, ${deals} deals no histórico; procurando o agente em ${address}.`,
  connected: (address: string) => `Conectado ao agente em ${address}.`,
  notFound: (address: string, seconds: number) =>
    `Agente não encontrado em ${address}; nova tentativa a cada ${seconds} s (o mercado simulado continua).`,
  gone: (seconds: number) =>
    `Agente desconectado; nova tentativa a cada ${seconds} s (o mercado simulado continua).`,
  refused: (error: string) => `O agente recusou este terminal: ${error}`,
  badLine: (detail: string) => `Linha inválida do agente ignorada: ${detail}`,
  lineFailed: (detail: string) => `Erro ao tratar uma linha do agente: ${detail}`,
  lineTooLong: 'O agente enviou uma linha grande demais; conexão encerrada.',
  dealsFileFailed: (file: string, error: string) => `Não foi possível gravar ${file}: ${error}`,
  stopped: (signal: string) => `Terminal simulado encerrado (${signal}).`,
} as const;
