import { redirectDocument } from 'react-router';
import { documents } from '@/config/paths';
import { requestLanguage } from '../request-language';
import { Privacy } from '../document-redirect';

/**
 * /privacy answers a server redirect to the PDF of the address's language (the visitor's language
 * without a prefix), so it works without JavaScript; a link in the app leaves it the same way.
 */
export function loader({ request }: { request: Request }) {
  return redirectDocument(documents.privacy[requestLanguage(request)]);
}

/** The "redirecting" notice's texts (document.*). */
export const handle = { i18n: ['parts'] };

export default Privacy;
