import { randomBytes } from 'node:crypto';

/** A multipart/form-data request body with one file part, as a browser's FormData sends it. */
export function multipartFile(
  bytes: Buffer,
  { field = 'file', filename = 'upload.bin', contentType = 'application/octet-stream' } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----substytut${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
