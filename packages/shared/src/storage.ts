/** Storage keys (imageUrl, cvUrl, cardUrl) are relative; files are served under /storage/. */
export function storageUrl(key: string): string {
  return `/storage/${key.replace(/^\/+/, '')}`;
}
