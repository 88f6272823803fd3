import { API_BASE, ApiError, authHeaders, ensureCsrf, errorFromBody, handleUnauthorized, unwrap } from './api-client';

export interface UploadOptions {
  field?: string;
  method?: 'POST' | 'PUT';
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Multipart upload through XMLHttpRequest, because fetch cannot report upload progress. A module of
 * its own: only the dashboard's file fields send files, so the API client every page loads leaves
 * it out (decision 070).
 */
export async function upload<T>(path: string, file: Blob, options: UploadOptions = {}): Promise<T> {
  await ensureCsrf().catch(() => undefined);
  const form = new FormData();
  form.append(options.field ?? 'file', file);
  const headers = authHeaders(options.method ?? 'POST');

  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', `${API_BASE}${path}`);
    xhr.withCredentials = true;
    for (const [key, value] of Object.entries(headers)) xhr.setRequestHeader(key, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
      } catch {
        parsed = xhr.responseText;
      }
      if (xhr.status === 401) handleUnauthorized();
      if (xhr.status >= 200 && xhr.status < 300) resolve(unwrap<T>(parsed));
      else reject(errorFromBody(xhr.status, parsed));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', ''));
    xhr.ontimeout = () => reject(new ApiError(0, 'timeout', ''));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
