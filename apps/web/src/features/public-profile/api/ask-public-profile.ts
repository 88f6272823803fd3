import type { PublicProfileDto } from '@substytut/shared';
import { onDemand } from '../lib/on-demand-loader';

/**
 * `askPublicProfile` with its request code (and the API client) loaded when the page asks: a page
 * the server rendered with its profile never does (decision 071). Null, as for a failed request,
 * when that code cannot be loaded.
 */
export function askPublicProfileLater(
  seolink: string,
  offerUrl: string | null,
): Promise<PublicProfileDto | null> {
  return onDemand()
    .then((parts) => parts.importGetPublicProfile())
    .then(
      (module) => module.askPublicProfile(seolink, offerUrl),
      () => null,
    );
}
