import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, LoginPayload } from '@substytut/shared';
import { api, ApiError } from '@/lib/api-client';
import { setSession } from '@/lib/session';

/** POST /login. An answer without a token is a failure carrying the server's message (spec 5). */
export async function login(payload: LoginPayload): Promise<AuthResponse> {
  const data = await api.post<Partial<AuthResponse> | null>('/login', payload);
  if (!data?.token) throw new ApiError(200, 'auth.no_token', data?.message ?? '');
  return data as AuthResponse;
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (data) => setSession(data.token, data.user),
  });
}
