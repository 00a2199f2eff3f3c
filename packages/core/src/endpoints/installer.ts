import { z } from 'zod';
import {
  InstallerDownloadParamsSchema,
  InstallerDownloadSchema,
  InstallerResponseSchema,
} from '../bridge/index.js';
import { defineEndpoint } from './define-endpoint.js';

const tags = ['bridge'];
/** The zip's bytes. */
const ZipSchema = z.any();

/**
 * The installer zip: a fresh device key whose claim waits as pre_install until the agent's first
 * heartbeat (auto-claim). It is fetched once, within 15 minutes, by its unguessable id.
 */
export const installerEndpoints = {
  /** Answers 429 with Retry-After past the per-user limit. */
  create: defineEndpoint({
    method: 'GET',
    path: '/api/bridge/installer/iot/zip',
    // Onboarding's first step for every non-admin, viewers included, like /bridge/token/create.
    access: 'authenticated',
    tags,
    summary: 'Gera o instalador da bridge com a chave deste dispositivo',
    response: InstallerResponseSchema,
    errors: [401, 403, 429],
  }),
  // The unguessable, single-use id is the credential: a browser navigation sends no token.
  download: defineEndpoint({
    method: 'GET',
    path: '/api/bridge/installer/download/:id',
    access: 'public',
    tags,
    summary: 'Baixa o instalador (uma vez, em até 15 minutos); o id fica no caminho',
    params: InstallerDownloadParamsSchema,
    response: ZipSchema,
    produces: 'application/zip',
    errors: [400, 404],
    secretParams: ['id'],
  }),
  downloadByBody: defineEndpoint({
    method: 'POST',
    path: '/api/bridge/installer/download',
    access: 'public',
    tags,
    summary: 'Baixa o instalador (uma vez, em até 15 minutos); o id vai no corpo',
    body: InstallerDownloadSchema,
    response: ZipSchema,
    produces: 'application/zip',
    errors: [400, 404],
  }),
};
