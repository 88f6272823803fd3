import { zodResolver } from '@hookform/resolvers/zod';
import {
  OFFER_TITLE_MAX_LENGTH,
  formatPln,
  grossFromNet,
  offerCreateSchema,
  parsePlnToGrosze,
  latestExpiryInWarsaw,
  tomorrowInWarsaw,
  type OfferCreateData,
  type OfferDto,
} from '@substytut/shared';
import { CircleAlert, Link2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HearingFields } from '@/components/hearing/hearing-fields';
import {
  EMPTY_HEARING_VALUES,
  hearingPayload,
  hearingServerErrors,
  type HearingErrors,
  type HearingFormValues,
} from '@/components/hearing/hearing-values';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths, useLocalizedHref } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { hasErrorCode } from '@/lib/api-error';
import { useProfile } from '@/lib/profile-query';
import { toast } from '@/lib/toast';
import { useCreateOffer } from '../api/create-offer';
import { useLanguage } from '../lib/offer-view';
import { useErrorText } from '@/lib/use-error-text';
import { PreviewDialog } from './preview-dialog';

interface OfferFormValues {
  title: string;
  expireDate: string;
  price: string;
}

function emptyValues(now = new Date()): OfferFormValues {
  return { title: '', expireDate: tomorrowInWarsaw(now), price: '' };
}

const resolver = zodResolver(offerCreateSchema) as unknown as Resolver<
  OfferFormValues,
  unknown,
  OfferCreateData
>;

/** Digits, one decimal separator (comma or dot) and spaces; anything else is dropped as typed. */
function cleanPrice(text: string): string {
  return text.replace(/[^\d.,\s]/g, '');
}

/** The live 'Wycena brutto', once the typed net price is a valid amount above 0. */
function GrossPreview({ price }: { price: string }) {
  const { t } = useTranslation('offers');
  const language = useLanguage();
  const net = parsePlnToGrosze(price);
  return (
    <p aria-live="polite" className="min-h-5 text-sm">
      {net !== null && net > 0 && (
        <>
          <span className="text-muted-foreground">{t('form.gross')}: </span>
          <strong className="font-semibold tabular-nums">{formatPln(grossFromNet(net), language)}</strong>
        </>
      )}
    </p>
  );
}

/**
 * The offer-link form of the dashboard's sidebar panel (spec 2). Usable only for an active
 * profile; a created offer resets the form (expiry back to tomorrow) and opens its preview.
 */
export function OfferLinkForm() {
  const { t } = useTranslation('offers');
  const href = useLocalizedHref();
  const errorText = useErrorText();
  const profile = useProfile();
  const createOffer = useCreateOffer();
  const [created, setCreated] = useState<OfferDto | null>(null);
  const [hearing, setHearing] = useState<HearingFormValues>(EMPTY_HEARING_VALUES);
  const [hearingErrors, setHearingErrors] = useState<HearingErrors>({});
  const [hearingOpen, setHearingOpen] = useState(false);
  const inactiveId = useId();
  const form = useForm<OfferFormValues, unknown, OfferCreateData>({
    defaultValues: emptyValues(),
    resolver,
  });
  const { errors } = form.formState;
  const active = profile.data?.status === 'active';
  const inactive = profile.isSuccess && !active;
  const today = new Date();
  const minDate = tomorrowInWarsaw(today);
  const maxDate = latestExpiryInWarsaw(today);

  const onSubmit = form.handleSubmit(async (data) => {
    const checked = hearingPayload(hearing);
    setHearingErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) {
      setHearingOpen(true);
      return;
    }
    try {
      const offer = await createOffer.mutateAsync({ data, hearing: checked.hearing });
      form.reset(emptyValues());
      setHearing(EMPTY_HEARING_VALUES);
      toast.success(t('toasts.created'));
      setCreated(offer);
    } catch (error) {
      // Spec 8: the flag is cleared and the failure logged; the values stay for another try.
      console.error('offer creation failed', error);
      if (isApiError(error)) {
        Object.entries(error.fieldErrors).forEach(([path, key]) => {
          if (path === 'title' || path === 'expireDate' || path === 'price')
            form.setError(path as FieldPath<OfferFormValues>, { type: 'server', message: key });
        });
        const fromServer = hearingServerErrors(error.fieldErrors);
        if (Object.keys(fromServer).length > 0) {
          setHearingErrors(fromServer);
          setHearingOpen(true);
        }
      }
      toast.error(
        hasErrorCode(error, 'offers.profile_inactive')
          ? t('offers.profile_inactive', { ns: 'errors' })
          : t('toasts.error'),
      );
      if (hasErrorCode(error, 'offers.profile_inactive')) void profile.refetch();
    }
  });

  const price = form.watch('price');
  const disabled = !active;

  return (
    <>
      <form
        noValidate
        aria-label={t('form.label')}
        aria-describedby={inactive ? inactiveId : undefined}
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-3"
      >
        {inactive && (
          <div
            id={inactiveId}
            className="flex flex-col gap-2 rounded-md border border-warning-foreground/20 bg-warning p-2.5 text-xs text-warning-foreground"
          >
            <p className="flex gap-2">
              <CircleAlert aria-hidden="true" className="mt-px size-4 shrink-0" />
              <span>{t('form.inactive')}</span>
            </p>
            <Link
              to={href(paths.dashboard.profile.getHref())}
              className="self-start font-semibold underline underline-offset-4"
            >
              {t('form.goToProfile')}
            </Link>
          </div>
        )}
        <fieldset disabled={disabled} className="flex min-w-0 flex-col gap-3">
          <FormField label={t('form.title')} error={errorText(errors.title?.message)}>
            <Input
              {...form.register('title')}
              maxLength={OFFER_TITLE_MAX_LENGTH}
              autoComplete="off"
              placeholder={t('form.titlePlaceholder')}
              aria-required="true"
            />
          </FormField>
          <FormField label={t('form.expireDate')} error={errorText(errors.expireDate?.message)}>
            <Input
              {...form.register('expireDate')}
              type="date"
              min={minDate}
              max={maxDate}
              aria-required="true"
            />
          </FormField>
          <FormField
            label={t('form.price')}
            hint={t('form.priceHint')}
            error={errorText(errors.price?.message)}
          >
            <Input
              {...form.register('price', {
                onChange: (event: { target: { value: string } }) => {
                  const cleaned = cleanPrice(event.target.value);
                  if (cleaned !== event.target.value) form.setValue('price', cleaned);
                },
              })}
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('form.pricePlaceholder')}
              aria-required="true"
            />
          </FormField>
          <GrossPreview price={price} />
          <details
            open={hearingOpen}
            onToggle={(event) => setHearingOpen(event.currentTarget.open)}
            className="group rounded-md"
          >
            <summary className="cursor-pointer rounded-sm py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring">
              {t('hearing.optional', { ns: 'common' })}
            </summary>
            <div className="pt-2">
              <HearingFields
                value={hearing}
                onChange={(patch) => setHearing((current) => ({ ...current, ...patch }))}
                errors={hearingErrors}
              />
            </div>
          </details>
          <Button type="submit" loading={createOffer.isPending} className="w-full">
            {!createOffer.isPending && <Link2 aria-hidden="true" />}
            {createOffer.isPending ? t('form.submitting') : t('form.submit')}
          </Button>
        </fieldset>
      </form>
      {created && (
        <PreviewDialog offer={created} alert open onOpenChange={(open) => !open && setCreated(null)} />
      )}
    </>
  );
}
