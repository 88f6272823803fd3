import type { MessageResponse, RegisterPayload } from '@substytut/shared';
import type { Language } from '@/config/paths';
import { api, ApiError } from '@/lib/api-client';

/**
 * POST /register. `success: false` in a 2xx answer is a failure too (spec 8). `locale` picks the
 * language of the verification mail and of its link.
 */
export async function register(payload: RegisterPayload & { locale?: Language }): Promise<MessageResponse> {
  const data = await api.post<MessageResponse | null>('/register', payload);
  if (!data?.success) throw new ApiError(200, 'auth.register_failed', data?.message ?? '');
  return data;
}
