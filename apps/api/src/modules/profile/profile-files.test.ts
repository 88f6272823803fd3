import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { deflateSync } from 'node:zlib';
import { CV_MAX_BYTES, IMAGE_MAX_BYTES, IMAGE_MIN_SIDE } from '@substytut/shared';
import { zipSync, strToU8 } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, type TestApp } from '../../../test/helpers.ts';
import { multipartFile } from '../../../test/multipart.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

function docx(): Buffer {
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types/>'),
      'word/document.xml': strToU8('<?xml version="1.0"?><w:document/>'),
    }),
  );
}

function doc(): Buffer {
  const bytes = Buffer.alloc(2048);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(bytes, 0);
  Buffer.from('WordDocument', 'utf16le').copy(bytes, 1024);
  return bytes;
}

/**
 * A real decompression bomb: a 20000x20000 one-bit greyscale PNG, some 50 MB of rows squeezed
 * into a few tens of kilobytes (and 400 megapixels, gigabytes once decoded as RGBA).
 */
function pngBomb(): Buffer {
  const side = 20_000;
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((side / 8 + 1) * side); // filter byte + 2500 bytes per row, all zero
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function upload(
  path: 'image' | 'cv',
  headers: Record<string, string>,
  bytes: Buffer,
  options: Parameters<typeof multipartFile>[1] = {},
) {
  const body = multipartFile(bytes, options);
  return t.app.inject({
    method: 'POST',
    url: `/api/user/profile/${path}`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

const storageGet = (key: string) => t.app.inject({ method: 'GET', url: `/storage/${key}` });

describe('POST /api/user/profile/image', () => {
  it('needs a signed-in user', async () => {
    const body = multipartFile(await png(480, 480));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile/image',
      headers: { ...body.headers, authorization: 'Bearer not-a-token' },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(401);
  });

  it('accepts 480x480, stores a re-encoded WebP under a random name and shows it on the profile', async () => {
    const { headers } = await t.seed.session();
    const response = await upload('image', headers, await png(IMAGE_MIN_SIDE, IMAGE_MIN_SIDE), {
      filename: 'me.png',
      contentType: 'image/png',
    });
    expect(response.statusCode).toBe(200);
    const { imageUrl } = response.json().data;
    expect(imageUrl).toMatch(/^avatars\/[0-9a-f]{32}\.webp$/);

    const served = await storageGet(imageUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['content-disposition']).toBeUndefined();
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 480 });

    const profile = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers });
    expect(profile.json().data.imageUrl).toBe(imageUrl);
  });

  it('turns a photo upright by its EXIF orientation, shrinks it, and strips its metadata', async () => {
    const { headers } = await t.seed.session();
    // Stored 2000x1500 landscape, but orientation 6 says: shown rotated, i.e. portrait.
    const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await upload('image', headers, photo, {
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
    });
    expect(response.statusCode).toBe(200);
    const stored = (await storageGet(response.json().data.imageUrl)).rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 768, height: 1024 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('secret-camera-owner'))).toBe(false);
  });

  it('refuses 479x479 and a narrow strip as too small', async () => {
    const { headers } = await t.seed.session();
    for (const [w, h] of [
      [479, 479],
      [479, 2000],
    ] as const) {
      const response = await upload('image', headers, await png(w, h));
      expect(response.statusCode, `${w}x${h}`).toBe(400);
      expect(response.json().code).toBe('files.too_small_image');
    }
  });

  it('judges by content: a PDF named .png, an empty file, text, a truncated image are wrong formats', async () => {
    const { headers } = await t.seed.session();
    const good = await png(600, 600);
    const cases: [string, Buffer, string, string][] = [
      ['pdf named png', pdf, 'me.png', 'image/png'],
      ['empty', Buffer.alloc(0), 'me.jpg', 'image/jpeg'],
      ['text', Buffer.from('hello, not an image'), 'me.webp', 'image/webp'],
      [
        'svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"/>'),
        'a.svg',
        'image/svg+xml',
      ],
      ['truncated png', good.subarray(0, 60), 'me.png', 'image/png'],
    ];
    for (const [label, bytes, filename, contentType] of cases) {
      const response = await upload('image', headers, bytes, { filename, contentType });
      expect(response.statusCode, label).toBe(400);
      expect(response.json().code, label).toBe('files.wrong_format');
    }
    const profile = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers });
    expect(profile.json().data.imageUrl).toBeNull();
  });

  it('refuses a decompression bomb from its header, without decoding it', async () => {
    const { headers } = await t.seed.session();
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(IMAGE_MAX_BYTES);
    const response = await upload('image', headers, bomb, { filename: 'bomb.png', contentType: 'image/png' });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('files.too_large');
  });

  it('accepts exactly 10 MB and refuses one byte more with 413', async () => {
    const { headers } = await t.seed.session();
    const jpeg = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    // Bytes after a JPEG's end marker are ignored by decoders: a valid photo of any size.
    const exact = Buffer.concat([jpeg, Buffer.alloc(IMAGE_MAX_BYTES - jpeg.length)]);
    expect(exact.length).toBe(IMAGE_MAX_BYTES);
    const accepted = await upload('image', headers, exact, {
      filename: 'big.jpg',
      contentType: 'image/jpeg',
    });
    expect(accepted.statusCode).toBe(200);

    const over = Buffer.concat([exact, Buffer.alloc(1)]);
    const refused = await upload('image', headers, over, { filename: 'big.jpg', contentType: 'image/jpeg' });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().code).toBe('files.too_large');
    const profile = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers });
    expect(profile.json().data.imageUrl).toBe(accepted.json().data.imageUrl);
  });

  it('removes the previous photo and never touches another user’s', async () => {
    const owner = await t.seed.session();
    const other = await t.seed.session();
    const ownerKey = (await upload('image', owner.headers, await png(500, 500))).json().data.imageUrl;
    const first = (await upload('image', other.headers, await png(500, 500))).json().data.imageUrl;
    const second = (await upload('image', other.headers, await png(520, 520))).json().data.imageUrl;
    expect(second).not.toBe(first);
    expect((await storageGet(first)).statusCode).toBe(404);
    expect((await storageGet(second)).statusCode).toBe(200);
    expect((await storageGet(ownerKey)).statusCode).toBe(200);
    const ownerProfile = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: owner.headers,
    });
    expect(ownerProfile.json().data.imageUrl).toBe(ownerKey);
  });

  it('answers files.missing without a part named file, or without multipart at all', async () => {
    const { headers } = await t.seed.session();
    const wrongField = await upload('image', headers, await png(500, 500), { field: 'avatar' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().code).toBe('files.missing');
    const json = await t.app.inject({ method: 'POST', url: '/api/user/profile/image', headers, payload: {} });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('files.missing');
  });
});

describe('POST /api/user/profile/cv', () => {
  it.each([
    ['PDF', pdf, '.pdf', 'application/pdf'],
    ['DOCX', docx(), '.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['DOC', doc(), '.doc', 'application/msword'],
  ])(
    'stores a %s by its content, served as a download of the right type',
    async (_label, bytes, ext, type) => {
      const { headers } = await t.seed.session();
      // The declared name and type are deliberately wrong: only the bytes count.
      const response = await upload('cv', headers, bytes, { filename: 'cv.txt', contentType: 'text/plain' });
      expect(response.statusCode).toBe(200);
      const { cvUrl } = response.json().data;
      expect(cvUrl).toMatch(new RegExp(`^cv/[0-9a-f]{32}\\${ext}$`));
      const served = await storageGet(cvUrl);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['content-disposition']).toBe(`attachment; filename="cv${ext}"`);
      expect(served.rawPayload).toEqual(bytes);
      const profile = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers });
      expect(profile.json().data.cvUrl).toBe(cvUrl);
    },
  );

  it('refuses a PNG named .pdf, an empty file, a zip that is not a Word file, and an Excel-style OLE file', async () => {
    const { headers } = await t.seed.session();
    const ole = Buffer.alloc(2048);
    Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(ole, 0);
    Buffer.from('Workbook', 'utf16le').copy(ole, 1024);
    const cases: [string, Buffer][] = [
      ['png as pdf', await png(500, 500)],
      ['empty', Buffer.alloc(0)],
      ['other zip', Buffer.from(zipSync({ 'xl/workbook.xml': strToU8('<workbook/>') }))],
      ['broken zip', Buffer.from('504b0304deadbeef', 'hex')],
      ['ole without WordDocument', ole],
    ];
    for (const [label, bytes] of cases) {
      const response = await upload('cv', headers, bytes, {
        filename: 'cv.pdf',
        contentType: 'application/pdf',
      });
      expect(response.statusCode, label).toBe(400);
      expect(response.json().code, label).toBe('files.wrong_format');
    }
  });

  it('refuses one byte over CV_MAX_BYTES with 413 and replaces the previous CV', async () => {
    const { headers } = await t.seed.session();
    const first = (await upload('cv', headers, pdf)).json().data.cvUrl;
    const atLimit = Buffer.concat([pdf, Buffer.alloc(CV_MAX_BYTES - pdf.length, 0x20)]);
    const second = await upload('cv', headers, atLimit);
    expect(second.statusCode).toBe(200);
    expect((await storageGet(first)).statusCode).toBe(404);

    const over = await upload('cv', headers, Buffer.concat([atLimit, Buffer.from(' ')]));
    expect(over.statusCode).toBe(413);
    expect(over.json().code).toBe('files.too_large');
    const profile = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers });
    expect(profile.json().data.cvUrl).toBe(second.json().data.cvUrl);
  });
});

describe('an oversized upload over HTTP', () => {
  const MB = 1024 * 1024;
  let port: number;
  beforeAll(async () => {
    port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });

  interface Answer {
    status: number;
    headers: IncomingHttpHeaders;
    body: { code?: string };
  }

  /**
   * Sends the request head and then `chunks` of body only as long as no answer has come. With
   * `chunks` empty no body byte is ever sent, so an answer at all shows the server decided from
   * the head alone (had it waited for the body, this would never settle).
   */
  function send(path: string, headers: Record<string, string>, chunks: Buffer[] = []): Promise<Answer> {
    return new Promise((resolve, reject) => {
      let answered = false;
      const request = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers }, (response) => {
        answered = true;
        const parts: Buffer[] = [];
        response.on('data', (chunk: Buffer) => parts.push(chunk));
        response.on('end', () => {
          request.destroy();
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: JSON.parse(Buffer.concat(parts).toString('utf8')) as Answer['body'],
          });
        });
      });
      // The server may close the connection while the body is still on its way.
      request.on('error', (error) => {
        if (!answered) reject(error);
      });
      request.flushHeaders();
      const next = (index: number) => {
        const chunk = chunks[index];
        if (answered || request.destroyed || chunk === undefined) return;
        request.write(chunk, () => next(index + 1));
      };
      next(0);
    });
  }

  const declared = (length: number) => ({
    'content-type': 'multipart/form-data; boundary=----substytut0',
    'content-length': String(length),
  });

  it.each(['image', 'cv'] as const)(
    'refuses a 50 MB %s by its Content-Length with 413 before any of the body is sent',
    async (kind) => {
      const { headers } = await t.seed.session();
      const answer = await send(`/api/user/profile/${kind}`, { ...headers, ...declared(50 * MB) });
      expect(answer.status).toBe(413);
      expect(answer.body.code).toBe('files.too_large');
      // The rest of the body is not read: the connection ends with the answer.
      expect(answer.headers.connection).toBe('close');
    },
  );

  it('checks the caller first: without a session or the CSRF pair the answer is 401 or 403, not 413', async () => {
    const anonymous = await send('/api/user/profile/image', declared(50 * MB));
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.code).toBe('csrf.mismatch');
    const csrf = await csrfHeaders(t.app);
    const noSession = await send('/api/user/profile/image', { ...csrf, ...declared(50 * MB) });
    expect(noSession.status).toBe(401);
  });

  it('refuses a JSON body over the 1 MB limit by its Content-Length as well', async () => {
    const { headers } = await t.seed.session();
    const answer = await send('/api/user/profile', {
      ...headers,
      'content-type': 'application/json',
      'content-length': String(50 * MB),
    });
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe('request.too_large');
  });

  it('cuts an upload without Content-Length (chunked) at the limit while it streams', async () => {
    const { headers } = await t.seed.session();
    const body = multipartFile(Buffer.alloc(IMAGE_MAX_BYTES + MB), {
      filename: 'big.jpg',
      contentType: 'image/jpeg',
    });
    const chunks = Array.from({ length: Math.ceil(body.payload.length / MB) }, (_, i) =>
      body.payload.subarray(i * MB, (i + 1) * MB),
    );
    const answer = await send(
      '/api/user/profile/image',
      { ...headers, ...body.headers, 'transfer-encoding': 'chunked' },
      chunks,
    );
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe('files.too_large');
  });
});
