import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BOOKING_URL,
  DEFAULT_SUPPORT_EMAIL,
  publicLinksFromEnv,
  samePublicLinks,
} from './public-defaults.ts';

describe('the links the site shows from the configuration', () => {
  it('are the defaults when unset or blank, and the configured values otherwise', () => {
    const defaults = { bookingUrl: DEFAULT_BOOKING_URL, supportEmail: DEFAULT_SUPPORT_EMAIL };
    expect(publicLinksFromEnv({})).toEqual(defaults);
    expect(publicLinksFromEnv({ BOOKING_URL: '  ', SUPPORT_EMAIL: '' })).toEqual(defaults);
    expect(publicLinksFromEnv({ BOOKING_URL: 'https://b.example/x', SUPPORT_EMAIL: 'a@b.pl' })).toEqual({
      bookingUrl: 'https://b.example/x',
      supportEmail: 'a@b.pl',
    });
  });

  it('differ when either link differs', () => {
    const built = publicLinksFromEnv({});
    expect(samePublicLinks(built, publicLinksFromEnv({}))).toBe(true);
    expect(samePublicLinks(built, publicLinksFromEnv({ BOOKING_URL: 'https://b.example/x' }))).toBe(false);
    expect(samePublicLinks(built, publicLinksFromEnv({ SUPPORT_EMAIL: 'a@b.pl' }))).toBe(false);
  });
});
