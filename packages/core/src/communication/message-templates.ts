import type { MessageTemplate, TemplateKey } from './communication.schema.js';

/** The four quick templates (§2, §3), each written for email, SMS (short) and WhatsApp. */
export const MESSAGE_TEMPLATES: Record<TemplateKey, MessageTemplate> = {
  welcome: {
    subject: 'Bem-vindo ao Vórtex',
    email:
      'Olá!\n\nSua conta no Vórtex está ativa. Conecte a bridge ao seu MetaTrader 5, ajuste a parametrização do robô e acompanhe suas operações pelo painel.\n\nQualquer dúvida, responda este email.\n\nEquipe Vórtex',
    sms: 'Vórtex: sua conta está ativa. Conecte a bridge ao MT5 e acompanhe o robô pelo painel.',
    whatsapp:
      '👋 *Bem-vindo ao Vórtex!*\n\nSua conta está ativa. Conecte a bridge ao seu MetaTrader 5 e acompanhe o robô pelo painel. Responda *status* a qualquer momento para saber como está o seu robô.',
  },
  maintenance: {
    subject: 'Manutenção programada no Vórtex',
    email:
      'Olá!\n\nFaremos uma manutenção programada na plataforma Vórtex. Durante a janela, o painel pode ficar indisponível por alguns minutos; posições abertas no MetaTrader 5 continuam protegidas pelos seus stops.\n\nObrigado pela compreensão.\n\nEquipe Vórtex',
    sms: 'Vórtex: manutenção programada. O painel pode ficar indisponível por alguns minutos.',
    whatsapp:
      '🛠️ *Manutenção programada*\n\nO painel do Vórtex pode ficar indisponível por alguns minutos. Suas posições no MT5 seguem protegidas pelos stops.',
  },
  market_alert: {
    subject: 'Alerta de mercado',
    email:
      'Olá!\n\nO mercado está com volatilidade acima do normal. Revise os limites de risco do seu robô (perda diária e drawdown máximo) e acompanhe as posições abertas.\n\nEquipe Vórtex',
    sms: 'Vórtex: volatilidade acima do normal. Revise os limites de risco do seu robô.',
    whatsapp:
      '📈 *Alerta de mercado*\n\nVolatilidade acima do normal. Revise os limites de risco do robô e acompanhe as posições abertas.',
  },
  security: {
    subject: 'Aviso de segurança da sua conta',
    email:
      'Olá!\n\nPor segurança, recomendamos trocar sua senha do Vórtex e nunca compartilhar seu token de pareamento da bridge. A equipe Vórtex nunca pede sua senha por email, SMS ou WhatsApp.\n\nEquipe Vórtex',
    sms: 'Vórtex: nunca compartilhe sua senha ou token da bridge. Não pedimos senhas por mensagem.',
    whatsapp:
      '🔒 *Aviso de segurança*\n\nNunca compartilhe sua senha ou o token de pareamento da bridge. O Vórtex nunca pede senhas por mensagem.',
  },
};
