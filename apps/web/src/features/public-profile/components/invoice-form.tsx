import { zodResolver } from '@hookform/resolvers/zod';
import {
  courtCancellationSplit,
  formatPln,
  formatPostcodeAsTyped,
  invoiceFieldsFromCompany,
  parsePlnToGrosze,
  type ClientInvoiceInput,
  type CompanyLookupDto,
  type PublicOfferDto,
} from '@substytut/shared';
import { ArrowLeft, CircleAlert } from 'lucide-react';
import { useCallback, useId, useState, type Ref } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { ConsentCheckbox } from '@/components/ui/consent-checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { CompanyLookupStatus } from '@/components/ui/company-lookup-status';
import { paths, useLocalizedHref } from '@/config/paths';
import { cn } from '@/lib/cn';
import { isApiError } from '@/lib/api-client';
import { hasErrorCode } from '@/lib/api-error';
import { externalNavigation } from '@/lib/external-navigation';
import { useCompanyLookup } from '@/lib/company-lookup';
import { rememberOfferPage } from '@/lib/last-offer';
import { useErrorText, useLanguage } from '@/lib/use-error-text';
import type { CheckoutPrefill } from '../api/poster-prefill';
import { startPayment } from '../api/start-payment';
import { checkoutFormSchema, type CheckoutFormInput, type CheckoutFormPayload } from '../lib/checkout-form';
import { formatDecimalPln } from '../lib/offer-money';
import { OptionalHearingFields } from '@/components/hearing/hearing-fields';
import {
  hearingPayload,
  hearingServerErrors,
  hearingValuesOf,
  type HearingErrors,
  type HearingFormValues,
} from '@/components/hearing/hearing-values';
import { GrantorFields } from './grantor-fields';

type FieldName = keyof ClientInvoiceInput;

const EMPTY = { nip: '', company: '', street: '', postCode: '', city: '', email: '' };
const FIELDS: readonly FieldName[] = [...Object.keys(EMPTY), 'policyConfirm'] as FieldName[];
const GRANTOR_FIELDS = ['name', 'professional_type', 'license_no', 'office_address'] as const;
/** Every field a server error may name (`grantor.name` …), so it lands under its control. */
const ERROR_FIELDS: readonly string[] = [...FIELDS, ...GRANTOR_FIELDS.map((f) => `grantor.${f}`)];

interface InvoiceFormProps {
  seolink: string;
  offer: PublicOfferDto;
  onBack: () => void;
  /** Receives focus when the step opens. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** The signed-in poster's own data, when the offer came from their board request (issue 32). */
  prefill?: CheckoutPrefill | null;
}

/**
 * Step 2 (spec 5): the client's invoice data, validated as it is typed; the company is filled in
 * from the registry once a complete NIP is typed. Submitting opens the payment provider's page.
 */
/** 'Do zapłaty' with the gross and the net + VAT under it. */
function Total({ offer, className }: { offer: PublicOfferDto; className?: string }) {
  const { t } = useTranslation(['public-profile-form', 'public-profile'], { nsMode: 'fallback' });
  const language = useLanguage();
  return (
    <div className={cn('flex items-baseline justify-between gap-3', className)}>
      <span className="text-sm text-muted-foreground">{t('form.total')}</span>
      <span className="text-right">
        <span className="block text-xl font-bold">{formatDecimalPln(offer.price_brutto, language)}</span>
        <span className="block text-xs text-muted-foreground">
          {formatDecimalPln(offer.price, language)} {t('offer.net')} + VAT
        </span>
      </span>
    </div>
  );
}

/**
 * What the client gets back if the court cancels the hearing on the day and the offer states a fee
 * for turning up (issue 34): said before paying.
 */
function CourtFeeNote({ offer, className }: { offer: PublicOfferDto; className?: string }) {
  const { t } = useTranslation(['public-profile-form', 'public-profile'], { nsMode: 'fallback' });
  const locale = useLanguage() === 'en' ? 'en' : 'pl';
  const net = offer.court_cancellation_fee ? parsePlnToGrosze(offer.court_cancellation_fee) : null;
  const paid = parsePlnToGrosze(offer.price_brutto);
  if (!net || paid === null) return null;
  const { keptGrosze, refundGrosze } = courtCancellationSplit(paid, net);
  return (
    <p data-testid="court-fee-note" className={cn('text-sm text-muted-foreground', className)}>
      {t('form.courtFee', { kept: formatPln(keptGrosze, locale), refund: formatPln(refundGrosze, locale) })}
    </p>
  );
}

export function InvoiceForm({ seolink, offer, onBack, headingRef, prefill = null }: InvoiceFormProps) {
  const { t } = useTranslation(['public-profile-form', 'public-profile'], { nsMode: 'fallback' });
  const errorText = useErrorText();
  const language = useLanguage();
  const href = useLocalizedHref();
  const [failure, setFailure] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const [hearing, setHearing] = useState<HearingFormValues>(() => hearingValuesOf(offer.hearing));
  const [hearingErrors, setHearingErrors] = useState<HearingErrors>({});
  const [hearingOpen, setHearingOpen] = useState(false);
  const [grants, setGrants] = useState(prefill?.grantor != null);
  const grantorToggleId = useId();

  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    getValues,
    getFieldState,
    trigger,
    watch,
    unregister,
    formState: { errors, isValid, isSubmitting },
  } = useForm<CheckoutFormInput, unknown, CheckoutFormPayload>({
    resolver: zodResolver(checkoutFormSchema),
    mode: 'all',
    defaultValues: {
      ...EMPTY,
      ...prefill?.invoice,
      ...(prefill?.grantor ? { grantor: prefill.grantor } : {}),
    },
  });

  const nip = watch('nip');
  const currentNip = useCallback(() => getValues('nip'), [getValues]);
  const fillFromCompany = useCallback(
    (company: CompanyLookupDto) => {
      for (const [name, value] of Object.entries(invoiceFieldsFromCompany(company))) {
        // Parts the registry lacks stay as the client typed them.
        if (value)
          setValue(name as FieldName, value, {
            shouldValidate: true,
            shouldDirty: true,
            shouldTouch: true,
          });
      }
    },
    [setValue],
  );
  const lookup = useCompanyLookup(nip, currentNip, fillFromCompany);

  const onSubmit = handleSubmit(async (invoice) => {
    setFailure(null);
    const checked = hearingPayload(hearing);
    setHearingErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) {
      setHearingOpen(true);
      return;
    }
    try {
      const { payLink } = await startPayment({
        seolink,
        offerUrl: offer.offerUrl,
        invoice,
        locale: language,
        hearing: checked.hearing,
      });
      rememberOfferPage(paths.publicProfile.getHref(seolink, offer.offerUrl));
      setRedirecting(true);
      externalNavigation.go(payLink);
    } catch (error) {
      // The typed data stays in the form, so trying again is one click.
      setFailure(
        hasErrorCode(error, 'offers.not_payable')
          ? t('offers.not_payable', { ns: 'errors' })
          : t('form.serverError'),
      );
      if (isApiError(error)) {
        for (const [field, key] of Object.entries(error.fieldErrors)) {
          if (ERROR_FIELDS.includes(field)) setError(field as FieldName, { message: key });
        }
        const fromServer = hearingServerErrors(error.fieldErrors);
        if (Object.keys(fromServer).length > 0) {
          setHearingErrors(fromServer);
          setHearingOpen(true);
        }
      }
    }
  });

  const busy = isSubmitting || redirecting;
  // Typed as five digits ('00916'), the postcode gets its dash (issue 34).
  const postCode = register('postCode');
  const policyError = errorText(errors.policyConfirm);

  return (
    <div className="flex flex-col gap-6 md:grid md:grid-cols-[minmax(0,1fr)_20rem] md:items-start md:gap-8">
      <Card className="flex flex-col gap-6 p-6">
        <div className="flex flex-col gap-3">
          <Button variant="link" onClick={onBack} className="self-start" disabled={busy}>
            <ArrowLeft aria-hidden="true" />
            {t('form.back')}
          </Button>
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none">
            {t('form.title')}
          </h1>
          <p className="text-sm text-muted-foreground">{t('form.description')}</p>
        </div>
        <form noValidate onSubmit={onSubmit} aria-label={t('form.label')} className="flex flex-col gap-4">
          <FormField label={t('form.nip')} error={errorText(errors.nip)} hint={t('form.nipHint')} required>
            <Input inputMode="numeric" autoComplete="off" aria-required {...register('nip')} />
          </FormField>
          <CompanyLookupStatus
            className="-mt-2 empty:-mt-4"
            lookup={lookup}
            messages={{
              searching: t('form.lookup.searching'),
              found: t('form.lookup.found'),
              notFound: t('form.lookup.notFound'),
              failed: t('form.lookup.failed'),
            }}
          />
          <FormField label={t('form.company')} error={errorText(errors.company)} required>
            <Input autoComplete="organization" aria-required {...register('company')} />
          </FormField>
          <FormField label={t('form.street')} error={errorText(errors.street)} required>
            <Input autoComplete="street-address" aria-required {...register('street')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
            <FormField label={t('form.postCode')} error={errorText(errors.postCode)} required>
              <Input
                autoComplete="postal-code"
                inputMode="numeric"
                aria-required
                {...postCode}
                onChange={(event) => {
                  event.target.value = formatPostcodeAsTyped(event.target.value);
                  return postCode.onChange(event);
                }}
              />
            </FormField>
            <FormField label={t('form.city')} error={errorText(errors.city)} required>
              <Input autoComplete="address-level2" aria-required {...register('city')} />
            </FormField>
          </div>
          <FormField
            label={t('form.email')}
            error={errorText(errors.email)}
            hint={t('form.emailHint')}
            required
          >
            <Input type="email" autoComplete="email" inputMode="email" aria-required {...register('email')} />
          </FormField>
          <OptionalHearingFields
            open={hearingOpen}
            onOpenChange={setHearingOpen}
            value={hearing}
            onChange={setHearing}
            errors={hearingErrors}
            description={t('form.hearingHint')}
          />
          <div className="flex flex-col gap-1">
            <div className="flex items-start gap-3">
              <Checkbox
                id={grantorToggleId}
                checked={grants}
                aria-describedby={`${grantorToggleId}-hint`}
                className="mt-0.5"
                onCheckedChange={(checked) => {
                  setGrants(checked === true);
                  // Unticked: the grantor's fields are neither checked nor sent.
                  if (checked !== true) unregister('grantor');
                }}
              />
              <Label htmlFor={grantorToggleId} kind="option">
                {t('form.grantor.toggle')}
              </Label>
            </div>
            <p id={`${grantorToggleId}-hint`} className="pl-8 text-sm text-muted-foreground">
              {t('form.grantor.toggleHint')}
            </p>
          </div>
          {grants && (
            <GrantorFields
              register={register}
              errors={errors.grantor}
              recheckLicence={() => {
                if (getFieldState('grantor.license_no').isDirty) void trigger('grantor.license_no');
              }}
            />
          )}
          <ConsentCheckbox control={control} name="policyConfirm" error={policyError}>
            {t('form.policyBefore')}{' '}
            <a
              href={href(paths.privacy.getHref())}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-primary underline underline-offset-4"
            >
              {t('form.policyLink')}
              <span className="sr-only"> {t('profile.newTab')}</span>
            </a>
          </ConsentCheckbox>
          <div role="alert">
            {failure && (
              <p className="flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm font-medium text-destructive">
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {failure}
              </p>
            )}
          </div>
          {/* On a phone the summary comes after the form: the amount sits right above its button. */}
          <CourtFeeNote offer={offer} className="md:hidden" />
          <Total offer={offer} className="border-t border-border pt-3 md:hidden" />
          <Button type="submit" size="lg" className="w-full" disabled={!isValid} loading={busy}>
            {busy ? t('form.submitting') : t('form.submit')}
          </Button>
        </form>
      </Card>
      <Card className="flex flex-col gap-3 p-6 md:sticky md:top-24">
        <p className="text-xs font-semibold tracking-wide text-accent-text uppercase">{t('form.summary')}</p>
        <p className="font-semibold text-balance">{offer.title}</p>
        <Total offer={offer} className="border-t border-border pt-3 max-md:hidden" />
        <p className="text-sm text-muted-foreground">{t('offer.vat')}</p>
        <CourtFeeNote offer={offer} className="max-md:hidden" />
      </Card>
    </div>
  );
}
