import {
  constants,
  createCipheriv,
  createHash,
  publicEncrypt,
  randomBytes,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';

/**
 * The cryptography KSeF API 2.0 asks of a client (sesja-interaktywna.md, uwierzytelnianie.md),
 * with Node's crypto only: RSAES-OAEP with SHA-256 (and MGF1 over SHA-256) under the Ministry's
 * public key for the KSeF token and for the session's AES key, AES-256-CBC with PKCS#7 padding for
 * the invoice, SHA-256 hashes in base64.
 */

/** The public key of a certificate from GET /security/public-key-certificates (DER in base64). */
export function publicKeyOfCertificate(certificateBase64: string): KeyObject {
  return new X509Certificate(Buffer.from(certificateBase64, 'base64')).publicKey;
}

export function rsaOaepEncrypt(publicKey: KeyObject, plain: Buffer): Buffer {
  return publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    plain,
  );
}

/** 'token|timestampMs' encrypted for the Ministry; the timestamp is the challenge's. */
export function encryptKsefToken(publicKey: KeyObject, token: string, challengeTimestampMs: number): string {
  return rsaOaepEncrypt(publicKey, Buffer.from(`${token}|${challengeTimestampMs}`, 'utf8')).toString(
    'base64',
  );
}

/** A fresh 256-bit key and 128-bit IV for one session. */
export function newSessionKey(): { key: Buffer; iv: Buffer } {
  return { key: randomBytes(32), iv: randomBytes(16) };
}

export function aesEncrypt(plain: Buffer, key: Buffer, iv: Buffer): Buffer {
  // Node's aes-256-cbc pads with PKCS#7 by default.
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([cipher.update(plain), cipher.final()]);
}

export function sha256Base64(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('base64');
}

/** What POST /sessions/online/{ref}/invoices carries for one invoice. */
export function encryptedInvoicePayload(xml: string, key: Buffer, iv: Buffer) {
  const plain = Buffer.from(xml, 'utf8');
  const encrypted = aesEncrypt(plain, key, iv);
  return {
    invoiceHash: sha256Base64(plain),
    invoiceSize: plain.length,
    encryptedInvoiceHash: sha256Base64(encrypted),
    encryptedInvoiceSize: encrypted.length,
    encryptedInvoiceContent: encrypted.toString('base64'),
  };
}

/** CRC-8 (polynomial 0x07, initial 0x00) over the first 32 characters: the KSeF number's check. */
export function crc8(text: string): string {
  let crc = 0;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc.toString(16).toUpperCase().padStart(2, '0');
}

/** NIP-YYYYMMDD-12 hex digits-CRC (faktury/numer-ksef.md): 35 characters. */
export function isKsefNumber(value: string): boolean {
  const match = /^(\d{10}-\d{8}-[0-9A-F]{12})-([0-9A-F]{2})$/.exec(value);
  return match !== null && crc8(match[1] ?? '') === match[2];
}
