import { CERTIFICATE_MAX_BYTES } from '@substytut/shared';
import { fileTooLarge, wrongFileFormat, type ProcessedFile } from '../storage/index.ts';

const SIGNATURES: { magic: Buffer; extension: string; contentType: string }[] = [
  { magic: Buffer.from('%PDF-', 'latin1'), extension: '.pdf', contentType: 'application/pdf' },
  { magic: Buffer.from([0xff, 0xd8, 0xff]), extension: '.jpg', contentType: 'image/jpeg' },
  {
    magic: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    extension: '.png',
    contentType: 'image/png',
  },
];

/**
 * A chamber certificate, judged by its bytes like the CV (the name and declared type prove
 * nothing): PDF, JPEG or PNG, at most the CV's 5 MB. It is stored as sent, for a person to read.
 */
export function checkCertificate(bytes: Buffer): ProcessedFile {
  if (bytes.length > CERTIFICATE_MAX_BYTES) throw fileTooLarge();
  const found = SIGNATURES.find((s) => bytes.length > s.magic.length && bytes.subarray(0, s.magic.length).equals(s.magic));
  if (!found) throw wrongFileFormat();
  return { bytes, extension: found.extension, contentType: found.contentType };
}
