import { describe, expect, it } from 'vitest';
import { formatPhoneDisplay, isValidPhone, normalizePhone } from './phone.ts';

describe('isValidPhone', () => {
  it.each([
    ['123456789', true],
    ['+48123456789', true],
    ['48123456789', true],
    ['+48 123 456 789', true],
    ['123-456-789', true],
    ['+123456789012345', true], // 15 digits
    ['+1234567890123456', false], // 16 digits
    ['0123456789', false], // first digit 0
    ['+0123456789', false],
    ['1', false],
    ['++48123456789', false],
    ['48+123456789', false],
    ['12345678a', false],
    ['', false],
  ])('%j -> %s', (input, expected) => {
    expect(isValidPhone(input)).toBe(expected);
  });
});

describe('normalizePhone', () => {
  it.each([
    [' +48 123-456-789 ', '+48123456789'],
    ['(22) 123 45 67', '221234567'],
  ])('%j -> %j', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });
});

describe('formatPhoneDisplay', () => {
  it.each([
    ['48123456789', '+48 123 456 789'],
    ['123456789', '+48 123 456 789'],
    ['+48123456789', '+48 123 456 789'],
    ['+48 123 456 789', '+48 123 456 789'],
    ['481234567', '+48 481 234 567'], // nine digits: the 48 is part of the number
    ['4812345678', '+48 123 456 78'],
    ['12345678', '+48 123 456 78'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(formatPhoneDisplay(input)).toBe(expected);
  });
});
