import type { PublicProfileDto } from '@substytut/shared';
import { Handshake } from 'lucide-react';
import { Suspense, use, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { DocumentHead } from '@/components/seo/document-head';
import { PageMeta } from '@/components/seo/page-meta';
import { Button } from '@/components/ui/button';
import { Loading } from '@/components/ui/spinner';
import { PRODUCT_NAME } from '@/config/constants';
import { paths, useLocalizedHref } from '@/config/paths';
import { askPublicProfileLater } from '../api/ask-public-profile';
import { usePosterPrefill } from '../api/use-poster-prefill';
import { OfferCard, OfferUnavailable } from '../components/offer-card';
import { ProfileCard } from '../components/profile-card';
import { ProfileDetails } from '../components/profile-details';
import { StepIndicator, type Step } from '../components/step-indicator';
import { invoiceForm, type InvoiceFormComponent } from '../lib/invoice-form-loader';
import type { ProfileView } from '../lib/profile-view';
import { useMinDelay } from '../lib/use-min-delay';
import { profileViewModule, viewOf } from '../lib/use-profile-view';

const preloadInvoiceForm = () => void invoiceForm.load().catch(() => undefined);

/** Spec 9: the loading screen stays at least this long. */
export const MIN_LOADING_MS = 1000;

/**
 * The title, description and image of a link preview: the offer's card and price when the link
 * names a payable offer, else the lawyer's photo. The canonical address is the lawyer's page
 * without `?o=`: an offer link is one client's, not a page of its own (decision 016).
 */
function ProfileMeta({ profile, view }: { profile: PublicProfileDto; view: ProfileView }) {
  const { t } = useTranslation('public-profile');
  const offer = profile.offer;
  const description =
    offer && view.offer
      ? `${offer.title}: ${view.offer.priceBrutto} ${t('offer.gross')}. ${profile.description}`.trim()
      : profile.description;
  return (
    <PageMeta
      title={profile.fullname}
      description={description || undefined}
      image={view.metaImage ?? undefined}
      type="profile"
      author={profile.fullname}
    />
  );
}

/** Spec 9's loading screen, while the profile is asked for (a navigation within the app). */
function LoadingScreen() {
  const { t } = useTranslation('public-profile');
  return (
    <>
      <DocumentHead>
        <title>{`${t('meta.loadingTitle')} | ${PRODUCT_NAME}`}</title>
      </DocumentHead>
      {/* As tall as the screen, so the footer stays below it and does not jump when the page arrives. */}
      <Loading height="screen" className="flex-1 py-24" />
    </>
  );
}

/**
 * The profile asked for by the route's client loader (or, on a page the server could not render
 * with it, by the page once it runs): the page, or /404 in place of this address when it cannot be
 * loaded (spec 8).
 */
function AskedProfile({ asked }: { asked: Promise<PublicProfileDto | null> }) {
  const href = useLocalizedHref();
  const profile = use(asked);
  if (!profile)
    return (
      <>
        <LoadingScreen />
        <Navigate to={href(paths.notFound.getHref())} replace />
      </>
    );
  return <ProfilePage profile={profile} />;
}

/**
 * The page with its `view` (decision 071): the loader's when it was made for the language shown,
 * else made here once `profile-view.ts` has loaded (the loading screen meanwhile).
 */
function ProfilePage({ profile, view }: { profile: PublicProfileDto; view?: ProfileView | undefined }) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  if (view?.language === language) return <ProfileContent profile={profile} view={view} />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <ViewedHere profile={profile} language={language} />
    </Suspense>
  );
}

function ViewedHere({ profile, language }: { profile: PublicProfileDto; language: string }) {
  return <ProfileContent profile={profile} view={use(viewOf(profile, language))} />;
}

/**
 * /u/{seolink}?o={offerUrl}: the lawyer's card (step 1) and the invoice form (step 2). `served` is
 * the profile the server rendered the page with (the route's loader, decision 016), `view` what the
 * loader worded of it (decision 071): shown at once.
 * Otherwise `asked`, the route's client loader's request, shows after the loading screen's second.
 * The page's data is the route's, not TanStack Query's, which stays off its first load (decision 054).
 */
export function Component({
  served,
  view,
  asked,
}: {
  served?: PublicProfileDto;
  view?: ProfileView | undefined;
  asked?: Promise<PublicProfileDto | null>;
}) {
  const { seolink = '' } = useParams();
  const [searchParams] = useSearchParams();
  const offerUrl = searchParams.get('o') || null;
  const waited = useMinDelay(MIN_LOADING_MS, served !== undefined);
  // A page the server had no profile for (it could not ask: the web's own development server)
  // asks once it runs.
  const [askedHere, setAskedHere] = useState<Promise<PublicProfileDto | null>>();
  const unasked = served === undefined && asked === undefined;
  useEffect(() => {
    if (!unasked) return;
    setAskedHere(askPublicProfileLater(seolink, offerUrl));
    // Beside the answer, not after it.
    void profileViewModule.load().catch(() => undefined);
  }, [unasked, seolink, offerUrl]);

  if (served) return <ProfilePage profile={served} view={view} />;
  const pending = asked ?? askedHere;
  if (!waited || !pending) return <LoadingScreen />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <AskedProfile asked={pending} />
    </Suspense>
  );
}

function ProfileContent({ profile, view }: { profile: PublicProfileDto; view: ProfileView }) {
  const { t } = useTranslation('public-profile');
  const { seolink = '' } = useParams();
  const [searchParams] = useSearchParams();
  const offerUrl = searchParams.get('o') || null;
  // The poster of the board request behind this offer pays with their own data filled in.
  const prefill = usePosterPrefill(offerUrl);
  const [step, setStep] = useState<Step>(1);
  const [InvoiceForm, setInvoiceForm] = useState<InvoiceFormComponent | null>(null);
  const [opening, setOpening] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const nameRef = useRef<HTMLDivElement>(null);
  const formHeadingRef = useRef<HTMLHeadingElement>(null);
  const stepChanged = useRef(false);

  useEffect(() => {
    // Focus follows the step (not on the first render), so keyboard and screen reader users land
    // on the new step's heading.
    if (!stepChanged.current) return;
    if (step === 2) formHeadingRef.current?.focus({ preventScroll: true });
    else nameRef.current?.querySelector<HTMLElement>('h1')?.focus({ preventScroll: true });
  }, [step]);

  const goTo = (next: Step) => {
    stepChanged.current = true;
    window.scrollTo({ top: 0, behavior: 'smooth' });
    setStep(next);
  };

  const openForm = () => {
    setOpening(true);
    setLoadFailed(false);
    invoiceForm.load().then(
      (form) => {
        // One render shows the form and moves focus to its heading (the effect above).
        setInvoiceForm(() => form);
        setOpening(false);
        goTo(2);
      },
      (error: unknown) => {
        // Not silently (decision 061): the client is told, and the next press loads again.
        console.error('step 2 did not load', error);
        setOpening(false);
        setLoadFailed(true);
      },
    );
  };

  const offer = profile.offer;
  const payable = offer !== null && !offer.error ? offer : null;

  return (
    <>
      <ProfileMeta profile={profile} view={view} />
      <div className="bg-linear-to-b from-hero-from to-hero-to">
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:py-10">
          {payable && <StepIndicator step={step} />}

          <div
            hidden={step !== 1}
            className="flex flex-col gap-6 md:grid md:grid-cols-[minmax(0,1fr)_22rem] md:gap-8"
          >
            {/* The offer (price, hearing) first on a phone, before the profile's long sections
                (issue 34); from md up the grid places it in the side column. */}
            {(offer || offerUrl) && (
              <aside className="contents md:col-start-2 md:row-span-2 md:row-start-1 md:flex md:flex-col md:gap-4 md:self-start">
                {payable && view.offer ? (
                  <OfferCard offer={payable} view={view.offer} />
                ) : (
                  <OfferUnavailable reason={offer ? 'unavailable' : 'missing'} />
                )}
                {payable && (
                  // On phones the button sticks to the bottom of the screen while the profile
                  // scrolls, and settles at the end of it, so it never covers the footer.
                  <div className="sticky bottom-0 z-10 order-last -mx-4 border-t border-border bg-background/95 px-4 py-3 backdrop-blur md:static md:order-none md:mx-0 md:border-0 md:bg-transparent md:p-0 md:backdrop-blur-none">
                    <Button
                      size="lg"
                      className="w-full"
                      disabled={opening}
                      onPointerEnter={preloadInvoiceForm}
                      onFocus={preloadInvoiceForm}
                      onClick={openForm}
                    >
                      <Handshake aria-hidden="true" />
                      {t('offer.cooperate')}
                    </Button>
                    {loadFailed && (
                      <p role="alert" className="mt-2 text-sm text-destructive">
                        {t('offer.formFailed')}
                      </p>
                    )}
                  </div>
                )}
              </aside>
            )}
            <div ref={nameRef} className="md:col-start-1 md:row-start-1">
              <ProfileCard profile={profile} view={view} />
            </div>
            <div className="md:col-start-1 md:row-start-2">
              <ProfileDetails profile={profile} view={view} />
            </div>
          </div>

          {payable && InvoiceForm && (
            <div hidden={step !== 2}>
              <InvoiceForm
                key={prefill ? 'poster' : 'visitor'}
                prefill={prefill}
                seolink={seolink}
                offer={payable}
                onBack={() => goTo(1)}
                headingRef={formHeadingRef}
              />
            </div>
          )}
        </div>
      </div>
    </>
  );
}

export default Component;

/** The translation namespaces the page needs before it renders (decision 016). */
export const handle = { i18n: ['public-profile'] };
