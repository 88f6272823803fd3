import { useMutation } from '@tanstack/react-query';
import type { AuthResponse } from '@substytut/shared';
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
  const data = await api.post<Partial<AuthResponse> | null>('/login/google', { token: credential, locale });
  if (!data?.token) throw new ApiError(200, 'auth.no_token', data?.message ?? '');
  return data as AuthResponse;
}

export function useLoginWithGoogle() {
  return useMutation({
    mutationFn: loginWithGoogle,
    onSuccess: (data) => setSession(data.token, data.user),
  });
}
