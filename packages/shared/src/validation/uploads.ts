/** Upload limits of spec 5; the API enforces them and the UI texts quote them. */

export const MEGABYTE = 1024 * 1024;

export const IMAGE_MAX_BYTES = 10 * MEGABYTE;
/** Both sides of a profile photo must be at least this many pixels. */
export const IMAGE_MIN_SIDE = 480;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * The specification records both 10 MB and 5 MB for CVs. 5 MB is chosen: it is the figure the
 * interface text shows, so what a lawyer reads is what is enforced, and a CV of a few pages
 * never needs more.
 */
export const CV_MAX_BYTES = 5 * MEGABYTE;
export const CV_MIME_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
export const CV_EXTENSIONS = ['.pdf', '.doc', '.docx'] as const;

/** A chamber certificate for the licence review (issue 22): the CV's size limit, PDF or a photo. */
export const CERTIFICATE_MAX_BYTES = CV_MAX_BYTES;
export const CERTIFICATE_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const CERTIFICATE_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png'] as const;

export function isAllowedImageType(mimeType: string): boolean {
  return (IMAGE_MIME_TYPES as readonly string[]).includes(mimeType.toLowerCase());
}

/** Both the declared type and the file name's extension must name a pdf, doc or docx. */
export function isAllowedCvFile(mimeType: string, fileName: string): boolean {
  const name = fileName.toLowerCase();
  return (
    (CV_MIME_TYPES as readonly string[]).includes(mimeType.toLowerCase()) &&
    CV_EXTENSIONS.some((ext) => name.endsWith(ext))
  );
}
