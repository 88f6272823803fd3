import type { MultipartFile } from '@fastify/multipart';
import { CV_MAX_BYTES, IMAGE_MAX_BYTES, IMAGE_MIN_SIDE } from '@substytut/shared';
import { AVATAR_MAX_SIDE } from '@substytut/shared/storage';
import type { FastifyRequest, preHandlerHookHandler } from 'fastify';
import { unzipSync } from 'fflate';
import sharp, { type Metadata } from 'sharp';
import { AppError, badRequest } from '../app/errors.ts';
import { multipartReadError } from '../app/multipart.ts';

/*
 * Files people upload (a profile photo, a CV, a chamber certificate, hearing minutes): reading the
 * one file part of a multipart request within a limit, and judging a file by its bytes. Shared by
 * every feature that takes a file; each feature keeps its own limits and accepted types.
 */

/** Not an accepted file type by its content (also an empty file). */
export const wrongFileFormat = () => badRequest('files.wrong_format');
/** Over the size limit, or an image with more pixels than may be decoded. */
export const fileTooLarge = () => new AppError(413, 'files.too_large');
/** A photo smaller than IMAGE_MIN_SIDE on either side. */
export const imageTooSmall = () => badRequest('files.too_small_image');
/** The multipart request had no part named `file`. */
export const fileMissing = () => badRequest('files.missing');

const FILE_FIELD = 'file';

/**
 * Reads the one file part named `file`, refusing it past `maxBytes` (busboy stops buffering at the
 * limit, so an oversized upload never sits whole in memory).
 */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11 } });
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw fileMissing();
    throw multipartReadError(error);
  }
  if (!part || part.fieldname !== FILE_FIELD) throw fileMissing();
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    throw multipartReadError(error);
  }
}

// Room for the multipart framing around the file: boundaries, part headers, a long file name.
const MULTIPART_FRAMING_BYTES = 64 * 1024;

/**
 * Refuses an upload whose declared Content-Length cannot fit, from the request head alone, so a
 * 50 MB body is answered at once instead of after 10 MB of it were read. Runs after the session
 * check: an anonymous caller learns nothing about the route. A body sent without a length
 * (chunked) is still cut at the limit while it streams (readUpload).
 */
export function refuseDeclaredOver(maxBytes: number): preHandlerHookHandler {
  return (request, reply, done) => {
    const declared = Number(request.headers['content-length']);
    if (declared > maxBytes + MULTIPART_FRAMING_BYTES) {
      // The client sends the body anyway; closing the connection spares reading it.
      reply.header('connection', 'close');
      done(fileTooLarge());
      return;
    }
    done();
  };
}

/**
 * A photo with more pixels is refused before it is decoded: a small file can claim a huge
 * canvas (a decompression bomb) and would otherwise take gigabytes to decode. 50 megapixels is
 * above what phone cameras take.
 */
export const IMAGE_MAX_PIXELS = 50_000_000;

const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp']);

export interface ProcessedFile {
  bytes: Buffer;
  extension: string;
  contentType: string;
}

/**
 * A profile photo judged by its content, never by its name or declared type: a JPEG, PNG or WebP
 * of at least IMAGE_MIN_SIDE on both sides, turned upright, shrunk to fit AVATAR_MAX_SIDE and
 * re-encoded as WebP without any of the original's metadata (location, camera).
 */
export async function processProfileImage(bytes: Buffer): Promise<ProcessedFile> {
  if (bytes.length === 0) throw wrongFileFormat();
  if (bytes.length > IMAGE_MAX_BYTES) throw fileTooLarge();

  // Reads the header only; nothing is decoded yet. sharp's own pixel limit is lifted here so a
  // too large canvas is told apart from a broken file; it guards the decoding below.
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw wrongFileFormat();
  }
  if (!metadata.format || !IMAGE_FORMATS.has(metadata.format)) throw wrongFileFormat();
  const { width, height } = metadata.autoOrient;
  if (!width || !height) throw wrongFileFormat();
  if (width * height > IMAGE_MAX_PIXELS) throw fileTooLarge();
  if (Math.min(width, height) < IMAGE_MIN_SIDE) throw imageTooSmall();

  try {
    const output = await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize({ width: AVATAR_MAX_SIDE, height: AVATAR_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { bytes: output, extension: '.webp', contentType: 'image/webp' };
  } catch {
    // The header was fine but the pixel data is broken.
    throw wrongFileFormat();
  }
}

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const OLE2_MAGIC = Buffer.from('d0cf11e0a1b11ae1', 'hex');
// An OLE2 file is also what old Excel and PowerPoint files are; a Word one has this stream.
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');
const ZIP_MAGIC = Buffer.from('504b0304', 'hex');

function zipEntryNames(bytes: Buffer): string[] | null {
  const names: string[] = [];
  try {
    // The filter sees every entry's name and declines them all, so nothing is inflated.
    unzipSync(bytes, {
      filter: (file) => {
        names.push(file.name);
        return false;
      },
    });
  } catch {
    return null;
  }
  return names;
}

/** What a CV file really is, by its bytes: PDF, Word 97-2003 (.doc) or Word (.docx); else null. */
export function detectCvType(bytes: Buffer): ProcessedFile | null {
  if (bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    return { bytes, extension: '.pdf', contentType: 'application/pdf' };
  }
  if (bytes.subarray(0, OLE2_MAGIC.length).equals(OLE2_MAGIC) && bytes.includes(WORD_STREAM)) {
    return { bytes, extension: '.doc', contentType: 'application/msword' };
  }
  if (bytes.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) {
    const names = zipEntryNames(bytes);
    if (names?.includes('word/document.xml') && names.includes('[Content_Types].xml')) {
      return {
        bytes,
        extension: '.docx',
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      };
    }
  }
  return null;
}

export function checkCv(bytes: Buffer): ProcessedFile {
  if (bytes.length > CV_MAX_BYTES) throw fileTooLarge();
  const detected = bytes.length === 0 ? null : detectCvType(bytes);
  if (!detected) throw wrongFileFormat();
  return detected;
}
