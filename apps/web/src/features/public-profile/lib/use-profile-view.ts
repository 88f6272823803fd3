import type { PublicProfileDto } from '@substytut/shared';
import { DEFAULT_LANGUAGE, isLanguage } from '@/config/paths';
import { loadOnce } from '@/lib/load-once';
import { onDemand } from './on-demand-loader';
import type { ProfileView } from './profile-view';

/**
 * `profileView` for a profile the server did not word: a page asked for within the app (the
 * route's client loader), or one shown in another language than its loader's. The module and what
 * it needs (date-fns, @date-fns/tz, the reference lists) load then, not with the page (decision 071).
 */
export const profileViewModule = {
  load: loadOnce(() => onDemand().then((parts) => parts.importProfileView())),
};

const views = new WeakMap<PublicProfileDto, Map<string, Promise<ProfileView>>>();

/**
 * One promise per profile and language (i18next's, which is one of the app's languages), so that
 * `use()` sees the same one on every render.
 */
export function viewOf(profile: PublicProfileDto, language: string): Promise<ProfileView> {
  let byLanguage = views.get(profile);
  if (!byLanguage) views.set(profile, (byLanguage = new Map()));
  let view = byLanguage.get(language);
  if (!view) {
    const made = profileViewModule
      .load()
      .then((module) => module.profileView(profile, isLanguage(language) ? language : DEFAULT_LANGUAGE));
    // A failed load is not kept: the next render asks again (loadOnce forgets it too).
    made.catch(() => byLanguage.delete(language));
    byLanguage.set(language, made);
    view = made;
  }
  return view;
}
