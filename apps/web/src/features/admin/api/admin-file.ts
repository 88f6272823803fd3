import { API_BASE, ApiError } from '@/lib/api-client';
import { getToken } from '@/lib/session';

/**
 * A file behind an administrator's route (a chamber certificate, a hearing's minutes, a lawyer's
 * answer to a dispute). It needs the administrator's bearer token, which a plain link cannot send:
 * it is fetched here and handed to the browser as a download by the caller.
 */
export async function fetchAdminFile(path: string, unavailableCode: string): Promise<Blob> {
  const token = getToken();
  const response = await fetch(`${API_BASE}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) throw new ApiError(response.status, unavailableCode, '');
  return response.blob();
}
