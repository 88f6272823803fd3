import type { AuthResponse, LoginPayload } from '@substytut/shared';
import { api, ApiError } from '@/lib/api-client';
import { setSession } from '@/lib/session';

/** POST /login. An answer without a token is a failure carrying the server's message (spec 5). */
export async function login(payload: LoginPayload): Promise<AuthResponse> {
  const data = await api.post<Partial<AuthResponse> | null>('/login', payload);
  if (!data?.token) throw new ApiError(200, 'auth.no_token', data?.message ?? '');
  return data as AuthResponse;
}

/** Logs in and keeps the session (the login form's send; decision 062). */
export async function logIn(payload: LoginPayload): Promise<AuthResponse> {
  const data = await login(payload);
  setSession(data.token, data.user);
  return data;
}
