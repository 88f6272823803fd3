import { CV_MAX_BYTES, MEGABYTE } from '@substytut/shared';
import {
  BadgeCheck,
  CircleAlert,
  Clock,
  FileUp,
  MailCheck,
  RefreshCw,
  Send,
  ShieldQuestion,
  Upload,
} from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import {
  formatLicenceDay,
  formatLicenceMoment,
  licenceReasonText,
  type LicenceStateId,
  type OwnLicence,
} from '@/lib/licence';
import { toast } from '@/lib/toast';
import { useLanguage } from '@/lib/use-language';
import { warsawDateTimeParts } from '@substytut/shared/hearing-time';
import {
  useCheckLicence,
  useConfirmLicenceCode,
  useResendLicenceCode,
  useUploadCertificate,
} from '../api/licence';
import { checkCertificateFile, type FileProblem } from '../lib/file-checks';
import { pickerPlacement } from '@/components/ui/file-picker';
import { UploadProgress } from './file-fields';

/** The element id the offer form's "what is missing" links point at. */
export const LICENCE_PANEL_ID = 'licence';

const STATE_BADGE: Record<LicenceStateId, 'success' | 'warning' | 'destructive' | 'secondary'> = {
  verified: 'success',
  pending: 'secondary',
  code_sent: 'warning',
  manual_review: 'warning',
  rejected: 'destructive',
  unverified: 'secondary',
};

const STATE_ICON = {
  verified: BadgeCheck,
  pending: Clock,
  code_sent: MailCheck,
  manual_review: ShieldQuestion,
  rejected: CircleAlert,
  unverified: ShieldQuestion,
} as const;

/** What the lawyer should do next, in the state the licence is in. */
function nextStepKey(licence: OwnLicence): string {
  switch (licence.state) {
    case 'verified':
      return licence.method === 'review' ? 'licence.next.verifiedReview' : 'licence.next.verifiedRegister';
    case 'pending':
      return 'licence.next.pending';
    case 'code_sent':
      return 'licence.next.codeSent';
    case 'manual_review':
      if (licence.certificate_uploaded_at) return 'licence.next.reviewWaiting';
      return licence.register === 'legal_counsel'
        ? 'licence.next.legalCounsel'
        : 'licence.next.reviewNeedsCertificate';
    case 'rejected':
      return 'licence.next.rejected';
    case 'unverified':
      return licence.register === 'legal_counsel' ? 'licence.next.legalCounsel' : 'licence.next.unverified';
  }
}

/** Reasons the next-step text already says in other words are not repeated. */
const REASONS_SAID_ELSEWHERE = new Set(['licence.reason.no_register', 'licence.reason.certificate_sent']);

function shownReason(licence: OwnLicence): boolean {
  if (!licence.reason || REASONS_SAID_ELSEWHERE.has(licence.reason)) return false;
  return licence.state === 'rejected' || licence.state === 'manual_review';
}

/**
 * A register can be asked again only for advocates; legal counsel are checked by a person. While
 * a code waits, asking again sends no new one: the code form has its own "send a new code".
 */
function canAskRegister(licence: OwnLicence): boolean {
  return licence.register === 'advocates' && licence.state !== 'pending' && licence.state !== 'code_sent';
}

/**
 * Issue 22: a certificate helps where the register cannot answer, or has said no; issue 30: and
 * for an advocate who cannot read the register's e-mail address.
 */
function canUploadCertificate(licence: OwnLicence): boolean {
  if (licence.state === 'verified' || licence.state === 'pending') return false;
  return (
    licence.state === 'manual_review' ||
    licence.state === 'rejected' ||
    licence.state === 'code_sent' ||
    licence.register === 'legal_counsel'
  );
}

/** The time of day in Warsaw: 14:35. */
const timeOf = (iso: string) => warsawDateTimeParts(iso).time;

/** Re-renders once `until` has passed (the resend button's wait, the code's expiry). */
function useNowPast(until: string | undefined): boolean {
  const at = until ? new Date(until).getTime() : 0;
  const [past, setPast] = useState(() => Date.now() >= at);
  useEffect(() => {
    const wait = at - Date.now();
    setPast(wait <= 0);
    if (wait <= 0) return;
    const timer = setTimeout(() => setPast(true), Math.min(wait, 2_147_000_000));
    return () => clearTimeout(timer);
  }, [at]);
  return past;
}

const CODE_PATTERN = /^\d{6}$/;

/**
 * Issue 30: the one-time code sent to the e-mail address the register lists for the entry, typed
 * back here; only then is the licence verified. A wrong code uses one of 5 tries; a new code can
 * be asked for a minute after the last one.
 */
function CodeEntry({ code }: { code: NonNullable<OwnLicence['code']> }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const confirm = useConfirmLicenceCode();
  const resend = useResendLicenceCode();
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [resendFailure, setResendFailure] = useState<string | null>(null);
  const expired = useNowPast(code.expires_at);
  const mayResend = useNowPast(code.resend_at);
  const locked = code.attempts_left <= 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = value.replace(/[\s-]/g, '');
    if (!CODE_PATTERN.test(typed)) {
      setFieldError(t('validation.licenceCode', { ns: 'errors' }));
      return;
    }
    setFieldError(null);
    confirm.mutate(typed, {
      onSuccess: () => toast.success(t('licence.code.confirmed')),
      onError: (error) => {
        const key = isApiError(error) ? error.fieldErrors.code : undefined;
        setFieldError(key ? t(key, { ns: 'errors' }) : errorMessage(error, t));
      },
    });
  };

  const askAgain = () => {
    setResendFailure(null);
    setFieldError(null);
    resend.mutate(undefined, {
      onSuccess: () => {
        setValue('');
        toast.success(t('licence.code.resent'));
      },
      onError: (error) => setResendFailure(errorMessage(error, t)),
    });
  };

  let status = t('licence.code.validUntil', { time: timeOf(code.expires_at), left: code.attempts_left });
  if (locked) status = t('licence.code.locked');
  else if (expired) status = t('licence.code.expired');

  return (
    <div className="flex flex-col gap-3 rounded-md border border-border bg-muted/40 p-3">
      <p className="text-sm">
        {t('licence.code.sentTo', {
          contact: code.sent_to,
          sentAt: formatLicenceMoment(code.sent_at, language),
        })}{' '}
        <span className={cn((locked || expired) && 'font-medium text-destructive')}>{status}</span>
      </p>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <FormField label={t('licence.code.label')} error={fieldError ?? undefined} className="sm:w-80">
          <Input
            value={value}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={9}
            spellCheck={false}
            className="font-mono tracking-widest"
            onChange={(event) => {
              setValue(event.target.value);
              if (fieldError) setFieldError(null);
            }}
          />
        </FormField>
        <Button type="submit" className="self-start sm:mt-7" loading={confirm.isPending}>
          {confirm.isPending ? t('licence.code.submitting') : t('licence.code.submit')}
        </Button>
      </form>
      <div className="flex flex-col gap-1">
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          disabled={!mayResend}
          loading={resend.isPending}
          onClick={askAgain}
        >
          {!resend.isPending && <Send aria-hidden="true" />}
          {t('licence.code.resend')}
        </Button>
        {!mayResend && (
          <p className="text-xs text-muted-foreground">
            {t('licence.code.resendIn', { time: timeOf(code.resend_at) })}
          </p>
        )}
        {resendFailure && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {resendFailure}
          </p>
        )}
      </div>
      <p className="text-xs text-muted-foreground">{t('licence.code.notYou')}</p>
    </div>
  );
}

function CertificateUpload({ uploaded }: { uploaded: boolean }) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useUploadCertificate(setProgress);
  const max = CV_MAX_BYTES / MEGABYTE;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const field = event.currentTarget;
    const chosen = field.files?.[0] ?? null;
    if (!chosen) return;
    const found = checkCertificateFile(chosen);
    setProblem(found);
    setFailure(null);
    // Lets the same file be chosen again, after a message or a failed upload.
    field.value = '';
    if (found) return;
    setProgress(0);
    upload.mutate(chosen, {
      onSuccess: () => toast.success(t('licence.uploaded')),
      onError: (error) => {
        const text = errorMessage(error, t);
        setFailure(text);
        toast.error(text);
      },
      onSettled: () => setProgress(null),
    });
  };

  const errorId = problem || failure ? `${id}-error` : '';
  return (
    <div className="flex flex-col gap-2">
      <input
        id={id}
        type="file"
        accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
        className="peer sr-only"
        disabled={upload.isPending}
        aria-describedby={`${id}-hint ${errorId}`.trim()}
        onChange={onChange}
      />
      <label
        htmlFor={id}
        aria-disabled={upload.isPending || undefined}
        className={cn(buttonVariants({ variant: 'outline', size: 'sm', faded: 'more' }), pickerPlacement)}
      >
        {uploaded ? <Upload aria-hidden="true" /> : <FileUp aria-hidden="true" />}
        {uploaded ? t('licence.replaceCertificate') : t('licence.uploadCertificate')}
      </label>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t('licence.certificateHint', { max })}
      </p>
      {(problem || failure) && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {problem === 'type'
            ? t('licence.certificateType')
            : problem
              ? t('licence.certificateTooLarge', { max })
              : failure}
        </p>
      )}
      {progress !== null && <UploadProgress label={t('licence.uploading')} fraction={progress} />}
    </div>
  );
}

/**
 * Twoja wizytówka's licence panel (issue 22): the state of the check, what was checked and when,
 * and what to do next: ask the register again, or send a chamber certificate to an administrator.
 */
export function LicencePanel({
  licence: saved,
  licenseNo,
  chosenRegister,
}: {
  licence: OwnLicence;
  licenseNo: string;
  /** The register of the profession chosen in the open editor, not saved yet (issue 34). */
  chosenRegister?: OwnLicence['register'];
}) {
  // The texts follow the profession as chosen; asking a register waits for the saved profile,
  // since the register is asked about what is stored.
  const licence = chosenRegister ? { ...saved, register: chosenRegister } : saved;
  const unsaved = licence.register !== saved.register;
  const mayAsk = canAskRegister(licence) && !unsaved;
  const mayUpload = canUploadCertificate(licence) && canUploadCertificate(saved);
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const check = useCheckLicence();
  const [checkFailure, setCheckFailure] = useState<string | null>(null);
  const headingId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  const Icon = STATE_ICON[licence.state];
  const date = licence.verified_at ? formatLicenceDay(licence.verified_at, language) : '';

  useEffect(() => {
    // The offer form's "verify your licence" link lands here; the panel renders after the
    // profile loads, so the browser's own jump to the anchor has already been missed.
    if (hash !== `#${LICENCE_PANEL_ID}`) return;
    panel.current?.scrollIntoView({ block: 'start' });
    panel.current?.focus({ preventScroll: true });
  }, [hash]);

  const askAgain = () => {
    setCheckFailure(null);
    check.mutate(undefined, {
      onSuccess: () => toast.success(t('licence.checked')),
      onError: (error) => {
        const text = errorMessage(error, t);
        setCheckFailure(text);
        toast.error(text);
      },
    });
  };

  const facts: [string, string][] = [
    [t('licence.register'), t(`licence.registers.${licence.register}`)],
    [t('licence.licenseNo'), licenseNo || t('licence.none')],
    [
      t('licence.checkedAt'),
      licence.checked_at ? formatLicenceMoment(licence.checked_at, language) : t('licence.never'),
    ],
  ];
  if (licence.verified_at)
    facts.push([t('licence.verifiedAt'), formatLicenceMoment(licence.verified_at, language)]);
  if (licence.certificate_uploaded_at)
    facts.push([t('licence.certificateAt'), formatLicenceMoment(licence.certificate_uploaded_at, language)]);

  return (
    <Card
      ref={panel}
      id={LICENCE_PANEL_ID}
      tabIndex={-1}
      aria-labelledby={headingId}
      role="region"
      className="scroll-mt-20 focus:outline-none"
    >
      <CardHeader layout="row">
        <CardTitle as="h2" id={headingId}>
          {t('licence.heading')}
        </CardTitle>
        <Badge variant={STATE_BADGE[licence.state]} wrap>
          <Icon aria-hidden="true" />
          {t(`licence.states.${licence.state}`)}
        </Badge>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p aria-live="polite" className="text-sm">
          {t(nextStepKey(licence), { date, licenseNo })}
        </p>
        {licence.reason && shownReason(licence) && (
          <p
            className={cn(
              'rounded-md border p-3 text-sm',
              licence.state === 'rejected'
                ? 'border-destructive/30 bg-destructive/5'
                : 'border-border bg-muted/40',
            )}
          >
            <span className="font-semibold">{t('licence.reason')}: </span>
            {licenceReasonText(licence.reason, t)}
          </p>
        )}
        {licence.state === 'code_sent' && licence.code && <CodeEntry code={licence.code} />}
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-medium">{term}</dt>
              <dd className="text-muted-foreground">{value}</dd>
            </div>
          ))}
        </dl>
        {(mayAsk || mayUpload) && (
          <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-start">
            {mayAsk && (
              <div className="flex flex-col gap-2">
                <Button
                  variant={licence.state === 'verified' ? 'outline' : 'primary'}
                  className="self-start"
                  loading={check.isPending}
                  onClick={askAgain}
                >
                  {!check.isPending && <RefreshCw aria-hidden="true" />}
                  {check.isPending ? t('licence.checking') : t('licence.checkAgain')}
                </Button>
                {checkFailure && (
                  <p role="alert" className="text-sm font-medium text-destructive">
                    {checkFailure}
                  </p>
                )}
              </div>
            )}
            {mayUpload && <CertificateUpload uploaded={licence.certificate_uploaded_at !== null} />}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
