/**
 * The offer page a payment was started from, so /payment/cancel can lead back to it: the
 * provider returns to a fixed address without saying which offer it was. Kept for the tab only.
 */
const KEY = 'substytut-last-offer';

export function rememberOfferPage(href: string): void {
  try {
    window.sessionStorage.setItem(KEY, href);
  } catch {
    // Without storage the cancel page offers the home page instead.
  }
}

/** An in-app path ('/u/…'), never another origin. */
export function lastOfferPage(): string | null {
  try {
    const href = window.sessionStorage.getItem(KEY);
    return href && href.startsWith('/u/') ? href : null;
  } catch {
    return null;
  }
}

/**
 * The lawyer's page and offer token of the last payment started in this tab: the payer's own
 * downloads (their invoice) live under that offer's payment address, where the payer cookie goes.
 */
export function lastOfferRef(): { seolink: string; offerUrl: string } | null {
  const href = lastOfferPage();
  if (!href) return null;
  const url = new URL(href, 'http://local');
  const seolink = decodeURIComponent(url.pathname.slice('/u/'.length));
  const offerUrl = url.searchParams.get('o');
  return seolink && offerUrl ? { seolink, offerUrl } : null;
}
