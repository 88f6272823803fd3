import { constants, createDecipheriv, createHash, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sampleInvoiceXml } from '../../../test/ksef-helpers.ts';
import {
  crc8,
  encryptedInvoicePayload,
  encryptKsefToken,
  isKsefNumber,
  newSessionKey,
} from './ksef.crypto.ts';
import { sandboxKsefNumber } from './ksef.sandbox.ts';
import { invoiceFacts } from './ksef.xml.ts';

describe('KSeF number', () => {
  it.each([
    // the examples of faktury/numer-ksef.md and api-changelog.md
    '5265877635-20250826-0100001AF629-AF',
    '5265877635-20250916-0200A0D6723E-C2',
    '5265877635-20250626-010080DD2B5E-26',
  ])('accepts KSeF’s own example %s', (number) => {
    expect(isKsefNumber(number)).toBe(true);
  });

  it.each([
    '5265877635-20250826-0100001AF629-AE', // wrong check
    '5265877635-20250826-0100001af629-AF', // lower case
    '526587763-20250826-0100001AF629-AF', // 9-digit NIP
    '',
  ])('refuses %j', (number) => {
    expect(isKsefNumber(number)).toBe(false);
  });

  it('computes CRC-8 with polynomial 0x07 from 0x00', () => {
    expect(crc8('123456789')).toBe('F4'); // the CRC-8 check value
  });

  it('gives the sandbox’s numbers the same shape, for the seller’s NIP and the Warsaw day', () => {
    const number = sandboxKsefNumber('5265877635', '2026-04-01', 'seed');
    expect(number).toMatch(/^5265877635-20260401-[0-9A-F]{12}-[0-9A-F]{2}$/);
    expect(number).toHaveLength(35);
    expect(isKsefNumber(number)).toBe(true);
  });
});

describe('KSeF encryption', () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const decrypt = (base64: string) =>
    privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(base64, 'base64'),
    );

  it('encrypts token|timestamp with RSA-OAEP SHA-256 for the Ministry', () => {
    const encrypted = encryptKsefToken(publicKey, 'token-123', 1_750_000_000_123);
    expect(decrypt(encrypted).toString('utf8')).toBe('token-123|1750000000123');
  });

  it('sends the invoice AES-256-CBC encrypted with the SHA-256 and size of both forms', () => {
    const xml = sampleInvoiceXml();
    const { key, iv } = newSessionKey();
    const payload = encryptedInvoicePayload(xml, key, iv);
    const encrypted = Buffer.from(payload.encryptedInvoiceContent, 'base64');
    const decipher = createDecipheriv('aes-256-cbc', key, iv);
    const plain = Buffer.concat([decipher.update(encrypted), decipher.final()]);
    expect(plain.toString('utf8')).toBe(xml);
    expect(payload.invoiceSize).toBe(Buffer.byteLength(xml));
    expect(payload.invoiceHash).toBe(createHash('sha256').update(xml).digest('base64'));
    expect(payload.encryptedInvoiceSize).toBe(encrypted.length);
    expect(payload.encryptedInvoiceSize % 16).toBe(0);
    expect(payload.encryptedInvoiceHash).toBe(createHash('sha256').update(encrypted).digest('base64'));
  });
});

describe('invoice facts', () => {
  it('reads the seller NIP from Podmiot1 (not the buyer’s), the number and the issue date', () => {
    expect(invoiceFacts(sampleInvoiceXml({ nip: '1234563218', number: 'FV/7/2026' }))).toEqual({
      isFa3: true,
      sellerNip: '1234563218',
      invoiceNumber: 'FV/7/2026',
      issueDate: '2026-04-01',
    });
    expect(invoiceFacts('<Faktura><Fa/></Faktura>')).toMatchObject({ isFa3: false, sellerNip: null });
  });
});
