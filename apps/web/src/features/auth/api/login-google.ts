import type {
  AuthResponse,
  GoogleLoginRequest,
  SandboxCredential,
  SandboxGoogleSignInInput,
} from '@substytut/shared';
import type { Language } from '@/config/paths';
import { api, ApiError } from '@/lib/api-client';
import { setSession } from '@/lib/session';

/** POST /login/google with the identity provider's ID token (the credential). */
export async function loginWithGoogle({
  credential,
  locale,
}: {
  credential: string;
  locale?: Language;
}): Promise<AuthResponse> {
  const body: GoogleLoginRequest = { token: credential, locale };
  const data = await api.post<Partial<AuthResponse> | null>('/login/google', body);
  if (!data?.token) throw new ApiError(200, 'auth.no_token', data?.message ?? '');
  return data as AuthResponse;
}

/** POST /sandbox/google/token: the ID token the server's Google stand-in issues for an address. */
export async function sandboxGoogleCredential(input: SandboxGoogleSignInInput): Promise<string> {
  const data = await api.post<Partial<SandboxCredential> | null>('/sandbox/google/token', input);
  if (!data?.credential) throw new ApiError(200, 'auth.no_token', '');
  return data.credential;
}

/** Signs in with a Google ID token and keeps the session. */
export async function logInWithGoogle(input: { credential: string; locale?: Language }): Promise<AuthResponse> {
  const data = await loginWithGoogle(input);
  setSession(data.token, data.user);
  return data;
}
