import type { ForgotPasswordPayload, MessageResponse } from '@substytut/shared';
import type { Language } from '@/config/paths';
import { api, ApiError } from '@/lib/api-client';

/** POST /login/forget; `locale` picks the language of the mail and of its link. */
export async function requestPasswordReset(
  payload: ForgotPasswordPayload & { locale?: Language },
): Promise<MessageResponse> {
  const data = await api.post<MessageResponse | null>('/login/forget', payload);
  if (data && data.success === false) throw new ApiError(200, 'auth.forgot_failed', data.message ?? '');
  return data ?? { success: true, message: '' };
}
