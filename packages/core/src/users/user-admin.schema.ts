import { z } from 'zod';
import { idSchema } from '../api/id.schema.js';
import { plainText } from '../text/plain-text.js';
import { OptionalBirthDateSchema } from './birth-date.schema.js';
import { ACCOUNT_TYPES, PublicUserSchema, RoleSchema } from './user.schema.js';

export const userAdminMessages = {
  // access-and-admin.md §8 (success texts shown by the screen).
  updated: 'Usuário atualizado com sucesso!',
  roleChanged: 'Role alterada com sucesso!',
  deleted: 'Usuário excluído com sucesso!',
  approved: 'Conta aprovada com sucesso!',
  rejected: 'Conta rejeitada',
  // Ours.
  notFound: 'Usuário não encontrado.',
  cannotDeleteSelf: 'Você não pode excluir a sua própria conta.',
  lastAdmin: 'O sistema precisa de pelo menos um administrador ativo.',
  notPending: 'Esta conta não está pendente.',
  emailTaken: 'Este email já está em uso por outro usuário.',
  usernameTaken: 'Este nome de usuário já está em uso.',
  ownFieldsOnly: 'Você só pode alterar seus próprios dados pessoais.',
  channelNotConfigured: 'Canal ainda não configurado no servidor.',
  testSubject: 'Vórtex: mensagem de teste',
} as const;

const USERNAME = /^[a-z0-9_]{1,20}$/;

/** PUT /users/{id} (§7); status in the edit form is pending, active or suspended (§4). */
export const UserUpdateSchema = z
  .strictObject({
    full_name: plainText().trim().min(1, 'Informe o nome completo.').max(120),
    // The rules of registration: an edit cannot store what sign-up would refuse.
    date_of_birth: OptionalBirthDateSchema,
    email: z
      .string()
      .trim()
      .max(254)
      .pipe(z.email({ error: 'Informe um email válido.' })),
    phone: plainText().trim().max(32).nullable(),
    username: z
      .string()
      .trim()
      .regex(USERNAME, 'Nome de usuário: até 20 letras minúsculas, números ou _.'),
    role: RoleSchema,
    status: z.enum(['pending', 'active', 'suspended']),
    account_type: z
      .string()
      .transform((v) => v.toUpperCase())
      .pipe(z.enum(ACCOUNT_TYPES, { error: 'Tipo de conta: DEMO ou REAL.' })),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nenhum campo para atualizar.');
export type UserUpdate = z.infer<typeof UserUpdateSchema>;

export const RoleChangeSchema = z.strictObject({ role: RoleSchema });

export const UserIdParamsSchema = z.object({ id: idSchema('Identificador de usuário inválido.') });

export const TEST_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export const TestChannelParamsSchema = UserIdParamsSchema.extend({
  channel: z.enum(TEST_CHANNELS),
});

export const UsersListResponseSchema = z.object({
  success: z.literal(true),
  users: z.array(PublicUserSchema),
  data: z.array(PublicUserSchema),
});

export const UserResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: PublicUserSchema,
});

/** A channel's test: sent, failed (error says why), unavailable (never tried: error says why), or still queued. */
export const CHANNEL_TEST_STATUSES = ['sent', 'failed', 'unavailable', 'pending'] as const;
const ChannelResultSchema = z.object({
  success: z.boolean(),
  status: z.enum(CHANNEL_TEST_STATUSES).optional(),
  error: z.string().optional(),
});
export const UserTestResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  results: z.partialRecord(z.enum(TEST_CHANNELS), ChannelResultSchema),
});
export type UserTestResponse = z.infer<typeof UserTestResponseSchema>;
