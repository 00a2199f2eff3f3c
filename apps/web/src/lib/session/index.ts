export { SessionProvider } from './session-provider';
export { useSession, useCurrentUser, type SessionState } from './session-context';
export {
  isAdmin,
  roleLabelOf,
  displayNameOf,
  SessionUserSchema,
  type SessionData,
  type SessionUser,
} from './session.schema';
