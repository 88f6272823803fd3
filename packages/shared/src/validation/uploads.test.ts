import { describe, expect, it } from 'vitest';
import {
  CV_MAX_BYTES,
  IMAGE_MAX_BYTES,
  IMAGE_MIN_SIDE,
  isAllowedCvFile,
  isAllowedImageType,
} from './uploads.ts';

describe('upload rules', () => {
  it('limits sizes', () => {
    expect(IMAGE_MAX_BYTES).toBe(10 * 1024 * 1024);
    expect(IMAGE_MIN_SIDE).toBe(480);
    expect(CV_MAX_BYTES).toBe(5 * 1024 * 1024);
  });

  it.each([
    ['application/pdf', 'cv.pdf', true],
    ['application/msword', 'CV.DOC', true],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'cv.docx', true],
    ['application/pdf', 'cv.exe', false],
    ['image/png', 'cv.pdf', false],
    ['text/plain', 'cv.txt', false],
  ])('CV %s %s -> %s', (mime, name, expected) => {
    expect(isAllowedCvFile(mime, name)).toBe(expected);
  });

  it.each([
    ['image/jpeg', true],
    ['image/PNG', true],
    ['image/webp', true],
    ['image/svg+xml', false],
    ['application/pdf', false],
  ])('image %s -> %s', (mime, expected) => {
    expect(isAllowedImageType(mime)).toBe(expected);
  });
});
