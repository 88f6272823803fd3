/** Labels of the marketing pages (common.json nav.*), shared by the header, its menu and the footer. */
export const NAV_LABELS = {
  features: 'nav.features',
  forLawyers: 'nav.forLawyers',
  forLawFirms: 'nav.forLawFirms',
  pricing: 'nav.pricing',
  faq: 'nav.faq',
  about: 'nav.about',
  contact: 'nav.contact',
} as const;
