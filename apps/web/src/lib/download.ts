import { API_BASE, ApiError } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { getToken } from '@/lib/session';

/**
 * A file from an API endpoint that needs the bearer token: the browser cannot follow such a link
 * itself, so the file is fetched and handed to it as a download under the server's file name.
 */
export async function downloadApiFile(path: string, fallbackName: string): Promise<void> {
  const token = getToken();
  const response = await fetch(`${API_BASE}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiError(response.status, body.code ?? `http.${response.status}`, body.message ?? '');
  }
  const blob = await response.blob();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveFile(blob, name);
}
