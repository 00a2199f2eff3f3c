import { roleLabels, type Role, type UserStatus } from '@vortex/core';

/** Why a trader's bot stopped when an administrator ended their access (bot status, pt-BR). */
export const accessEndMessages = {
  blocked: {
    suspended: 'Robô parado: conta suspensa pelo administrador.',
    pending: 'Robô parado: a conta voltou a aguardar a aprovação do administrador.',
    rejected: 'Robô parado: conta recusada pelo administrador.',
  } satisfies Record<Exclude<UserStatus, 'active' | 'approved'>, string>,
  roleChanged: (role: Role) =>
    `Robô parado: o administrador mudou sua função para ${roleLabels[role]}, que não controla o robô.`,
} as const;
