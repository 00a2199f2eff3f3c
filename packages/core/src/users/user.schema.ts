import { z } from 'zod';

export const ROLES = ['admin', 'user', 'trader', 'viewer'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const roleLabels: Record<Role, string> = {
  admin: 'Administrador',
  user: 'Usuário',
  trader: 'Trader',
  viewer: 'Visualizador',
};

export const USER_STATUSES = ['pending', 'approved', 'active', 'suspended', 'rejected'] as const;
export const UserStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatusSchema>;

export const ACCOUNT_TYPES = ['DEMO', 'REAL'] as const;
/** Account type is handled leniently: 'demo', 'Demo' and 'DEMO' are the same. */
export const AccountTypeSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.toUpperCase() : v),
  z.enum(ACCOUNT_TYPES),
);
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** A user as the API shows it: never a password hash. */
export const PublicUserSchema = z.object({
  id: z.number().int(),
  unique_id: z.string(),
  user_id: z.number().int(),
  username: z.string(),
  full_name: z.string(),
  date_of_birth: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  role: RoleSchema,
  status: UserStatusSchema,
  account_type: z.enum(ACCOUNT_TYPES),
  broker: z.string().nullable(),
  trial_ends_at: z.string().nullable(),
  created_at: z.string(),
  last_login: z.string().nullable(),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;
