import { data, redirect, useLoaderData } from 'react-router';
import type { PublicProfileDto } from '@substytut/shared';
import { askPublicProfileLater } from '@/features/public-profile/api/ask-public-profile';
import { DeletedProfile } from '@/features/public-profile/components/deleted-profile';
import { profileView, type ProfileView } from '@/features/public-profile/lib/profile-view';
import { profileViewModule } from '@/features/public-profile/lib/use-profile-view';
import { Component as PublicProfile } from '@/features/public-profile/routes/public-profile';
import { getPathLanguage, paths, withLanguage } from '@/config/paths';
import { loadContext } from '../load-context';
import { requestLanguage } from '../request-language';

export { handle } from '@/features/public-profile/routes/public-profile';

/**
 * /u/{seolink}[?o=] is rendered by the server with the API's own answer and sent complete at once
 * (decision 016): no loading screen and no held connection on a document request. What the page
 * shows beyond the API's text (labels, days and hours, prices) is worded here, in the page's
 * language (`view`, decision 071), so the browser's first load needs neither date-fns nor the
 * reference lists.
 */
export async function loader({
  params,
  request,
  context,
}: {
  params: { seolink?: string };
  request: Request;
  context: unknown;
}) {
  const { publicProfile } = loadContext(context);
  const seolink = params.seolink ?? '';
  const o = new URL(request.url).searchParams.get('o');
  const offerUrl = o && o.length <= 200 ? o : null;
  if (!publicProfile || seolink.length > 200) return { profile: null, offerUrl };
  const profile = await publicProfile(seolink, offerUrl);
  // The lawyer deleted the account (GDPR art. 17): gone for good, which crawlers drop at once.
  if (profile === 'gone') return data({ profile: null, offerUrl, gone: true }, { status: 410 });
  // Spec 8: a profile that cannot be loaded goes to /404 (answered with status 404).
  if (!profile)
    throw redirect(withLanguage(paths.notFound.getHref(), getPathLanguage(new URL(request.url).pathname)));
  return { profile, offerUrl, view: profileView(profile, requestLanguage(request)) };
}

/**
 * A client-side navigation (e.g. the dashboard's preview) asks the API here, without waiting for
 * the answer: the page shows 'Ładowanie...' for at least the spec's second meanwhile, as before.
 * The first page's data is the server's (this loader does not run when the app starts).
 */
export function clientLoader({ params, request }: { params: { seolink?: string }; request: Request }) {
  const offerUrl = new URL(request.url).searchParams.get('o') || null;
  // The page words the answer with profile-view.ts: it loads beside the request, not after it.
  void profileViewModule.load().catch(() => undefined);
  return { profile: null, offerUrl, asked: askPublicProfileLater(params.seolink ?? '', offerUrl) };
}

interface RouteData {
  profile: PublicProfileDto | null;
  view?: ProfileView;
  gone?: boolean;
  asked?: Promise<PublicProfileDto | null>;
}

export default function PublicProfileRoute() {
  const loaderData = useLoaderData<RouteData | undefined>();
  if (loaderData?.gone) return <DeletedProfile />;
  return (
    <PublicProfile
      served={loaderData?.profile ?? undefined}
      view={loaderData?.view}
      asked={loaderData?.asked}
    />
  );
}
