import type { MessageResponse, ResetPasswordPayload } from '@substytut/shared';
import { api, ApiError } from '@/lib/api-client';

/** POST /login/resetpassword. */
export async function resetPassword(payload: ResetPasswordPayload): Promise<MessageResponse> {
  const data = await api.post<MessageResponse | null>('/login/resetpassword', payload);
  if (data && data.success === false) throw new ApiError(200, 'auth.reset_failed', data.message ?? '');
  return data ?? { success: true, message: '' };
}
