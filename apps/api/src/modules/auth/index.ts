// The face of auth: its routes, the token lookup the kernel's authentication is given, the demo
// accounts seeded outside production and the administrator accounts the CLI creates.
export { authRoutes } from './auth.routes.ts';
export { findUserByToken } from './access-tokens.ts';
export { seedDemoAccounts } from './demo-accounts.ts';
export { ensureAdmin, MissingPasswordError, type EnsureAdminResult } from './admin-accounts.ts';
