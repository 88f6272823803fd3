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
import { Link2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OptionalHearingFields } from '@/components/hearing/hearing-fields';
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
import { isApiError } from '@/lib/api-client';
import { hasErrorCode } from '@/lib/api-error';
import { useProfile } from '@/lib/profile-query';
import { toast } from '@/lib/toast';
import { useCreateOffer } from '../api/create-offer';
import { PayoutPreview } from '@/components/payout-line';
import { useLanguage } from '../lib/offer-view';
import { useErrorText } from '@/lib/use-error-text';
import { missingRequirements, offerRequirements } from '../lib/offer-requirements';
import { OfferRequirementsNotice } from './offer-requirements';
import { PreviewDialog } from './preview-dialog';

interface OfferFormValues {
  title: string;
  expireDate: string;
  price: string;
  /** issue 34: optional net fee kept when the court cancels the hearing on the day */
  court_cancellation_fee: string;
}

function emptyValues(now = new Date()): OfferFormValues {
  return { title: '', expireDate: tomorrowInWarsaw(now), price: '', court_cancellation_fee: '' };
}

const resolver = zodResolver(offerCreateSchema) as unknown as Resolver<
  OfferFormValues,
  unknown,
  OfferCreateData
>;

/** The server's refusals that mean a requirement stopped holding since the profile was read. */
const REFUSALS = ['offers.profile_inactive', 'offers.licence_not_verified'] as const;

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
  const data = profile.data;
  // Issue 22: an active profile, a payment account and a verified licence, all three.
  const allowed = data !== undefined && missingRequirements(offerRequirements(data)).length === 0;
  const inactive = data !== undefined && !allowed;
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
          if (['title', 'expireDate', 'price', 'court_cancellation_fee'].includes(path))
            form.setError(path as FieldPath<OfferFormValues>, { type: 'server', message: key });
        });
        const fromServer = hearingServerErrors(error.fieldErrors);
        if (Object.keys(fromServer).length > 0) {
          setHearingErrors(fromServer);
          setHearingOpen(true);
        }
      }
      const refused = REFUSALS.find((code) => hasErrorCode(error, code));
      toast.error(refused ? t(refused, { ns: 'errors' }) : t('toasts.error'));
      // The profile changed under the form: read it again, so the form says what is missing.
      if (refused) void profile.refetch();
    }
  });

  const price = form.watch('price');
  const disabled = !allowed;

  return (
    <>
      <form
        noValidate
        aria-label={t('form.label')}
        aria-describedby={inactive ? inactiveId : undefined}
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-3"
      >
        {inactive && <OfferRequirementsNotice profile={data} id={inactiveId} compact />}
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
          <PayoutPreview price={price} />
          <FormField
            label={t('form.courtFee')}
            hint={t('form.courtFeeHint')}
            error={errorText(errors.court_cancellation_fee?.message)}
          >
            <Input
              {...form.register('court_cancellation_fee', {
                onChange: (event: { target: { value: string } }) => {
                  const cleaned = cleanPrice(event.target.value);
                  if (cleaned !== event.target.value) form.setValue('court_cancellation_fee', cleaned);
                },
              })}
              inputMode="decimal"
              autoComplete="off"
            />
          </FormField>
          <OptionalHearingFields
            open={hearingOpen}
            onOpenChange={setHearingOpen}
            value={hearing}
            onChange={setHearing}
            errors={hearingErrors}
          />
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
