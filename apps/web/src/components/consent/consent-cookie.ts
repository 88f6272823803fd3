/** The consent cookie of spec section 2: present means the visitor accepted the necessary cookies. */
export const CONSENT_COOKIE = 'cookie_consent';
export const CONSENT_VALUE = 'necessary';
export const CONSENT_MAX_AGE_DAYS = 365;
/** Set on <html> by the script in index.html's head while the consent cookie is missing. */
export const CONSENT_PENDING_ATTRIBUTE = 'data-consent-pending';
/** Where 'Nie akceptuję' sends the visitor (spec: an external search site). */
export const DECLINE_URL = 'https://www.google.com';

export function hasConsent(cookie: string = document.cookie): boolean {
  return cookie.split(';').some((part) => part.trim().startsWith(`${CONSENT_COOKIE}=`));
}

export function storeConsent(): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${CONSENT_VALUE}; Max-Age=${CONSENT_MAX_AGE_DAYS * 24 * 60 * 60}; Path=/; SameSite=Lax${secure}`;
}
