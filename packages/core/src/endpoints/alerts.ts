import {
  AlertsConfigResponseSchema,
  AlertsConfigSchema,
  RecentAlertsResponseSchema,
  SaveAlertsConfigResponseSchema,
} from '../alerts/index.js';
import { defineEndpoint } from './define-endpoint.js';

const tags = ['alerts'];
// Any logged-in user sees their alerts (trading.md §6); a viewer reads but changes nothing.
const configurers = ['admin', 'user', 'trader'] as const;

/** trading.md §7: the caller's own alerts configuration and recent alerts. */
export const alertsEndpoints = {
  config: defineEndpoint({
    method: 'GET',
    path: '/api/alerts/config',
    access: 'authenticated',
    tags,
    summary: 'Configuração de alertas do usuário (ou a padrão, se nunca salva)',
    response: AlertsConfigResponseSchema,
  }),
  saveConfig: defineEndpoint({
    method: 'POST',
    path: '/api/alerts/config',
    access: configurers,
    tags,
    summary: 'Salva a configuração completa de alertas do usuário',
    body: AlertsConfigSchema,
    response: SaveAlertsConfigResponseSchema,
  }),
  recent: defineEndpoint({
    method: 'GET',
    path: '/api/alerts/recent',
    access: 'authenticated',
    tags,
    summary: 'Alertas recentes do usuário, com o resultado do envio por canal',
    response: RecentAlertsResponseSchema,
  }),
};
