import { API_BASE, ApiError, authHeaders, ensureCsrf } from '@/lib/api-client';

/** Hands a file made in the page (a fetched ZIP, a JSON copy) to the browser as a download. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click returns; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Downloads a file the API serves (a ZIP, an invoice PDF or XML). With the bearer token when
 * signed in, since the browser cannot follow such a link itself; cookies go along too (the payer's
 * secret). The file name is the server's (content-disposition), else `fallbackName`.
 */
export async function downloadApiFile(
  path: string,
  fallbackName: string,
  /** POST for a download that uses something up (a one-time link): it carries the anti-forgery header */
  method: 'GET' | 'POST' = 'GET',
): Promise<void> {
  if (method === 'POST') await ensureCsrf().catch(() => undefined);
  const { Accept: _accept, ...headers } = authHeaders(method);
  const response = await fetch(`${API_BASE}${path}`, { method, headers, credentials: 'include' });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiError(response.status, body.code ?? `http.${response.status}`, body.message ?? '');
  }
  const blob = await response.blob();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveFile(blob, name);
}
