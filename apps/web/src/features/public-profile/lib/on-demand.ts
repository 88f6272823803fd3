/**
 * The public page's on-demand parts, imported from here rather than from the page's own file
 * (decision 071): Vite writes each dynamic import's list of files to preload into the file that
 * holds the `import()`, and step 2's list alone names 49 files (about 0.5 KB gzip). Here they load
 * one small file later, when first needed, still each with its files in parallel.
 */
export const importInvoiceForm = () => import('../components/invoice-form');
export const importProfileView = () => import('./profile-view');
export const importPosterPrefill = () => import('../api/poster-prefill');
export const importGetPublicProfile = () => import('../api/get-public-profile');
