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
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
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
import { DayInput } from '@/components/ui/when-fields';
import { isApiError } from '@/lib/api-client';
import { hasErrorCode } from '@/lib/api-error';
import { useProfile } from '@/lib/profile-query';
import { toast } from '@/lib/toast';
import { dayTextOf, parseDayText } from '@/lib/when';
import { useCreateOffer } from '../api/create-offer';
import { PayoutPreview } from '@/components/payout-line';
import { useLanguage } from '../lib/offer-view';
import { useErrorText } from '@/lib/use-error-text';
import { missingRequirements, offerRequirements } from '../lib/offer-requirements';
import { OfferRequirementsNotice } from './offer-requirements';

interface OfferFormValues {
  title: string;
  expireDate: string;
  price: string;
  /** issue 34: optional net fee kept when the court cancels the hearing on the day */
  court_cancellation_fee: string;
}

/** The expiry is typed as 'dd.mm.rrrr' (issue 34), tomorrow to start with. */
function emptyValues(now = new Date()): OfferFormValues {
  return { title: '', expireDate: dayTextOf(tomorrowInWarsaw(now)), price: '', court_cancellation_fee: '' };
}

const schemaResolver = zodResolver(offerCreateSchema) as unknown as Resolver<
  OfferFormValues,
  unknown,
  OfferCreateData
>;
/** The shared schema reads the expiry as 'YYYY-MM-DD': the typed day is turned into it first. */
const resolver: Resolver<OfferFormValues, unknown, OfferCreateData> = (values, context, options) =>
  schemaResolver(
    { ...values, expireDate: parseDayText(values.expireDate) ?? values.expireDate },
    context,
    options,
  );

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

const FOCUSABLE = 'input:not(:disabled), textarea:not(:disabled), button:not(:disabled), a[href]';

/**
 * The form loads on demand (offer-link-form.tsx): when it arrives after the dialog opened, the
 * dialog has put the focus on its close button; it moves to the form's first field, where the
 * dialog puts it when the form is already there.
 */
function useFocusWhenLate(formRef: RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    const form = formRef.current;
    const dialog = form?.closest('[role="dialog"]');
    const focused = document.activeElement;
    if (!form || !dialog || !focused || !dialog.contains(focused) || form.contains(focused)) return;
    form.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [formRef]);
}

/** The form itself: title, expiry, price (and its gross), court-cancellation fee, the hearing. */
export function OfferFormBody({ onCreated }: { onCreated: (offer: OfferDto) => void }) {
  const { t } = useTranslation('offers');
  const errorText = useErrorText();
  const profile = useProfile();
  const createOffer = useCreateOffer();
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
      onCreated(offer);
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
  const formRef = useRef<HTMLFormElement>(null);
  useFocusWhenLate(formRef);

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={t('form.label')}
      aria-describedby={inactive ? inactiveId : undefined}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
    >
      {inactive && <OfferRequirementsNotice profile={data} id={inactiveId} />}
      <fieldset disabled={disabled} className="grid min-w-0 gap-4 sm:grid-cols-2">
        <FormField className="sm:col-span-2" label={t('form.title')} error={errorText(errors.title?.message)}>
          <Input
            {...form.register('title')}
            maxLength={OFFER_TITLE_MAX_LENGTH}
            autoComplete="off"
            placeholder={t('form.titlePlaceholder')}
            aria-required="true"
          />
        </FormField>
        <FormField
          label={t('form.expireDate')}
          hint={t('form.expireHint', { min: dayTextOf(minDate), max: dayTextOf(maxDate) })}
          error={errorText(errors.expireDate?.message)}
        >
          <DayInput {...form.register('expireDate')} aria-required="true" />
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
        <div className="sm:col-span-2">
          <GrossPreview price={price} />
          <PayoutPreview price={price} />
        </div>
        <FormField
          className="sm:col-span-2"
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
        <div className="sm:col-span-2">
          <OptionalHearingFields
            open={hearingOpen}
            onOpenChange={setHearingOpen}
            value={hearing}
            onChange={setHearing}
            errors={hearingErrors}
          />
        </div>
        <Button type="submit" loading={createOffer.isPending} className="w-full sm:col-span-2">
          {!createOffer.isPending && <Link2 aria-hidden="true" />}
          {createOffer.isPending ? t('form.submitting') : t('form.submit')}
        </Button>
      </fieldset>
    </form>
  );
}
