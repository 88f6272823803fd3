import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, RegisterPayload } from '@substytut/shared';
import { api, ApiError } from '@/lib/api-client';

/** POST /register. `success: false` in a 2xx answer is a failure too (spec 8). */
export async function register(payload: RegisterPayload): Promise<MessageResponse> {
  const data = await api.post<MessageResponse | null>('/register', payload);
  if (!data?.success) throw new ApiError(200, 'auth.register_failed', data?.message ?? '');
  return data;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
