/**
 * What the site shows from the server's configuration (BOOKING_URL, SUPPORT_EMAIL), read the same
 * way by the API's config and by the web app's prerender, so a link never changes address when the
 * app starts (issue 20). The API validates the values when it starts; this only picks them.
 */
export const DEFAULT_BOOKING_URL = 'https://calendly.com/substytut/demo';
export const DEFAULT_SUPPORT_EMAIL = 'kontakt@substytut.pl';

export interface PublicLinks {
  bookingUrl: string;
  supportEmail: string;
}

export function publicLinksFromEnv(env: Record<string, string | undefined>): PublicLinks {
  // Blank counts as unset, as in the API's config.
  const value = (raw: string | undefined) => (raw?.trim() ? raw : undefined);
  return {
    bookingUrl: value(env.BOOKING_URL) ?? DEFAULT_BOOKING_URL,
    supportEmail: value(env.SUPPORT_EMAIL) ?? DEFAULT_SUPPORT_EMAIL,
  };
}

/** Whether pages rendered with `built` show the same links as a server configured with `running`. */
export function samePublicLinks(built: PublicLinks, running: PublicLinks): boolean {
  return built.bookingUrl === running.bookingUrl && built.supportEmail === running.supportEmail;
}
