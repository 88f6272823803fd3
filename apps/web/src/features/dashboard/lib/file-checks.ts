import {
  CV_MAX_BYTES,
  IMAGE_MAX_BYTES,
  IMAGE_MIN_SIDE,
  isAllowedCvFile,
  isAllowedImageType,
} from '@substytut/shared';

export type FileProblem = 'type' | 'size' | 'dimensions';

/**
 * Spec 5: an image, at most 10 MB, at least 480x480. The size is read from the file's header,
 * so the check needs no decoding; the server checks again.
 */
export async function checkAvatarFile(file: File): Promise<FileProblem | null> {
  if (!isAllowedImageType(file.type)) return 'type';
  if (file.size > IMAGE_MAX_BYTES) return 'size';
  let size: { width?: number; height?: number };
  try {
    // Loaded with the first photo checked: the licence panel shares this file, not the reader.
    const { imageSize } = await import('image-size');
    size = imageSize(new Uint8Array(await file.arrayBuffer()));
  } catch {
    return 'type';
  }
  const { width = 0, height = 0 } = size;
  return width < IMAGE_MIN_SIDE || height < IMAGE_MIN_SIDE ? 'dimensions' : null;
}

/** Spec 5: pdf, doc or docx, at most CV_MAX_BYTES. */
export function checkCvFile(file: File): FileProblem | null {
  if (!isAllowedCvFile(file.type, file.name)) return 'type';
  return file.size > CV_MAX_BYTES ? 'size' : null;
}

const CERTIFICATE_TYPES: Record<string, readonly string[]> = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
};

/** A chamber certificate: PDF, JPG or PNG, at most CV_MAX_BYTES like the CV (issue 22). */
export function checkCertificateFile(file: File): FileProblem | null {
  const extensions = CERTIFICATE_TYPES[file.type.toLowerCase()];
  const name = file.name.toLowerCase();
  if (!extensions?.some((ext) => name.endsWith(ext))) return 'type';
  return file.size > CV_MAX_BYTES ? 'size' : null;
}
