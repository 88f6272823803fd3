import { zodResolver } from '@hookform/resolvers/zod';
import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  sandboxGoogleSignInSchema,
} from '@substytut/shared/validation/auth';

/**
 * The sign-in forms' zod rules, in a module of their own that the forms load on first use through
 * `lazyResolver` (decision 037): zod and the resolver are about 26 KB gzip that `/auth` need not
 * load before it is shown.
 */
export const loginResolver = zodResolver(loginSchema);
export const registerResolver = zodResolver(registerSchema);
export const forgotPasswordResolver = zodResolver(forgotPasswordSchema);
export const sandboxGoogleSignInResolver = zodResolver(sandboxGoogleSignInSchema);
