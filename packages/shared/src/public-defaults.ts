/**
 * Defaults of what the site shows from the server's configuration (BOOKING_URL, SUPPORT_EMAIL).
 * One value for the API's config and the web app's prerendered pages, so a link never changes
 * address when the app starts (issue 20).
 */
export const DEFAULT_BOOKING_URL = 'https://calendly.com/substytut/demo';
export const DEFAULT_SUPPORT_EMAIL = 'kontakt@substytut.pl';
