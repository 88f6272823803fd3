/** Storage keys (imageUrl, cvUrl, cardUrl) are relative; files are served under /storage/. */
export function storageUrl(key: string): string {
  return `/storage/${key.replace(/^\/+/, '')}`;
}

/**
 * Widths a stored photo is also served in (GET /storage/{key}?w=): a phone shows a 128 px avatar
 * with a file of a few dozen kilobytes instead of the full photo. Other widths are refused.
 */
export const IMAGE_WIDTHS = [192, 384, 768] as const;
/** A stored profile photo fits in this square (the upload shrinks larger ones). */
export const AVATAR_MAX_SIDE = 1024;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** The srcset of a stored photo: its smaller widths, then the photo itself. */
export function storageSrcSet(key: string): string {
  const url = storageUrl(key);
  return [...IMAGE_WIDTHS.map((width) => `${url}?w=${width} ${width}w`), `${url} ${AVATAR_MAX_SIDE}w`].join(
    ', ',
  );
}
