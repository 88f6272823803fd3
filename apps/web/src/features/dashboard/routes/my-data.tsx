import { formatHearingTime } from '@substytut/shared/hearing-time';
import { useQueryClient } from '@tanstack/react-query';
import { RETENTION } from '@substytut/shared';
import { CircleAlert, Download, FileArchive, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageMeta } from '@/components/seo/page-meta';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Loading } from '@/components/ui/spinner';
import { paths, useLocalizedHref } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { clearSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import {
  dataExportQueryKey,
  deleteAccount,
  downloadDataExport,
  downloadInvoiceArchive,
  requestDataExport,
  useDataExport,
  useDeletionCheck,
  type DataExportStatus,
} from '../api/my-data';
import { DashboardPage } from './dashboard-page';

/**
 * '28.11.2026, godz. 14:35' / '28.11.2026 at 14:35' in Warsaw time: the product's day format, not
 * the browser's abbreviated month ('28 lis 2026', issue 34).
 */
function formatDateTime(iso: string, language: string) {
  return formatHearingTime(iso, language === 'en' ? 'en' : 'pl');
}

function ExportState({ state }: { state: DataExportStatus }) {
  const { t, i18n } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const [downloading, setDownloading] = useState(false);

  if (state.status === 'pending') {
    return (
      <div className="flex flex-col gap-2">
        <div className="flex justify-between text-sm">
          <span id="export-progress-label">{t('myData.export.pending')}</span>
          <span aria-hidden="true">{state.progress}%</span>
        </div>
        <div
          role="progressbar"
          aria-labelledby="export-progress-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={state.progress}
          className="h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${state.progress}%` }} />
        </div>
        <p className="text-sm text-muted-foreground">{t('myData.export.pendingHint')}</p>
      </div>
    );
  }
  if (state.status === 'ready') {
    const onDownload = async () => {
      setDownloading(true);
      try {
        await downloadDataExport();
      } catch (error) {
        console.error('data export download failed', error);
        toast.error(errorMessage(error, t));
      } finally {
        setDownloading(false);
        await queryClient.invalidateQueries({ queryKey: dataExportQueryKey });
      }
    };
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm">
          {t('myData.export.ready', {
            expires: state.expires_at ? formatDateTime(state.expires_at, i18n.language) : '',
          })}
        </p>
        <Button className="self-start" loading={downloading} onClick={() => void onDownload()}>
          {!downloading && <Download aria-hidden="true" />}
          {t('myData.export.download')}
        </Button>
      </div>
    );
  }
  return <p className="text-sm text-muted-foreground">{t(`myData.export.${state.status}`)}</p>;
}

function ExportCard() {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const current = useDataExport();
  const [starting, setStarting] = useState(false);
  const pending = current.data?.status === 'pending';

  const onStart = async () => {
    setStarting(true);
    try {
      queryClient.setQueryData(dataExportQueryKey, await requestDataExport());
    } catch (error) {
      console.error('data export request failed', error);
      toast.error(errorMessage(error, t));
    } finally {
      setStarting(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <FileArchive aria-hidden="true" className="size-5" />
          {t('myData.export.title')}
        </CardTitle>
        <CardDescription>
          {t('myData.export.description', { hours: RETENTION.exportLinkHours })}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div aria-live="polite" className="empty:hidden">
          {current.isPending ? <Loading /> : current.data ? <ExportState state={current.data} /> : null}
        </div>
        {!pending && current.data?.status !== 'ready' && (
          <Button className="self-start" variant="outline" loading={starting} onClick={() => void onStart()}>
            {!starting && <FileArchive aria-hidden="true" />}
            {t('myData.export.start')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Issue 34: a lawyer must keep their invoices for five years, so the deletion first offers them
 * as one ZIP, and says where the copies kept for the tax office live.
 */
function InvoiceArchive({ count }: { count: number }) {
  const { t } = useTranslation('dashboard');
  const href = useLocalizedHref();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadInvoiceArchive();
    } catch (failure) {
      console.error('invoice archive download failed', failure);
      toast.error(t('myData.delete.archiveFailed'));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <section
      aria-labelledby="invoice-archive-title"
      className="flex flex-col gap-3 rounded-lg border border-border bg-muted/40 p-4"
    >
      <h3 id="invoice-archive-title" className="text-sm font-semibold">
        {t('myData.delete.archiveTitle')}
      </h3>
      <p className="text-sm">{t('myData.delete.archiveText', { count, years: RETENTION.taxRecordsYears })}</p>
      <Button
        variant="outline"
        size="multiline"
        className="max-w-full self-start py-2"
        onClick={() => void download()}
        loading={downloading}
      >
        {!downloading && <Download aria-hidden="true" />}
        {t('myData.delete.archiveButton')}
      </Button>
      <p className="text-xs text-muted-foreground">
        {t('myData.delete.archiveKept', { years: RETENTION.taxRecordsYears })}{' '}
        <Link
          className="underline underline-offset-4 hover:text-foreground"
          to={href(paths.privacyData.getHref())}
        >
          {t('myData.delete.archiveRules')}
        </Link>
      </p>
    </section>
  );
}

function DeleteCard({
  googleConfirm,
}: {
  googleConfirm?: ((onCredential: (token: string) => void) => ReactNode) | undefined;
}) {
  const { t } = useTranslation('dashboard');
  const check = useDeletionCheck();
  const navigate = useNavigate();
  const href = useLocalizedHref();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const deleted = useRef(false);
  useEffect(
    () => () => {
      if (!deleted.current) return;
      clearSession();
      queryClient.clear();
    },
    [queryClient],
  );

  const remove = async (proof: { password: string } | { google_token: string }) => {
    setError(null);
    setDeleting(true);
    try {
      await deleteAccount(proof);
      toast.success(t('myData.delete.done'));
      // The session goes when this page unmounts (below): cleared now, the dashboard's guard,
      // still on screen during the navigation, would send the visitor to the login page instead.
      deleted.current = true;
      await navigate(href(paths.home.getHref()), { replace: true });
    } catch (failure) {
      console.error('account deletion failed', failure);
      setError(errorMessage(failure, t));
      setDeleting(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!understood) {
      setError(t('myData.delete.mustConfirm'));
      return;
    }
    if (!password) {
      setError(t('myData.delete.passwordRequired'));
      return;
    }
    void remove({ password });
  };

  return (
    <Card tone="destructive">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Trash2 aria-hidden="true" className="size-5" />
          {t('myData.delete.title')}
        </CardTitle>
        <CardDescription>
          {t('myData.delete.description', { years: RETENTION.taxRecordsYears })}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {(check.data?.invoices ?? 0) > 0 && <InvoiceArchive count={check.data?.invoices ?? 0} />}
        {check.isPending ? (
          <Loading />
        ) : check.data && !check.data.allowed ? (
          <p role="alert" className="flex items-start gap-2 text-sm font-medium text-destructive">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {check.data.code
              ? t(check.data.code, { ns: 'errors', defaultValue: check.data.message ?? '' })
              : check.data.message}
          </p>
        ) : (
          <form
            noValidate
            onSubmit={onSubmit}
            className="flex flex-col gap-4"
            aria-label={t('myData.delete.title')}
          >
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-destructive"
                checked={understood}
                onChange={(event) => setUnderstood(event.target.checked)}
              />
              {t('myData.delete.understand')}
            </label>
            {check.data?.confirm_with === 'google' ? (
              <div className="flex flex-col gap-2">
                <p className="text-sm">{t('myData.delete.googleHint')}</p>
                {understood ? (
                  googleConfirm?.((token) => void remove({ google_token: token }))
                ) : (
                  <p className="text-sm text-muted-foreground">{t('myData.delete.mustConfirm')}</p>
                )}
              </div>
            ) : (
              <>
                <FormField label={t('myData.delete.password')} required>
                  <Input
                    type="password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                  />
                </FormField>
                <Button type="submit" variant="destructive" className="self-start" loading={deleting}>
                  {!deleting && <Trash2 aria-hidden="true" />}
                  {t('myData.delete.submit')}
                </Button>
              </>
            )}
            <div role="alert" className="empty:hidden">
              {error && <p className="text-sm font-medium text-destructive">{error}</p>}
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Moje dane: the lawyer's copy of everything we hold (GDPR art. 15, 20) and the deletion of the
 * account (art. 17). The Google button for an account without a password is the accounts
 * feature's, handed in by the app (features do not import each other).
 */
export function MyDataRoute({
  googleConfirm,
}: {
  googleConfirm?: (onCredential: (token: string) => void) => ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const href = useLocalizedHref();
  return (
    <DashboardPage title={t('myData.title')} description={t('myData.description')}>
      <PageMeta title={t('myData.title')} noindex />
      <ExportCard />
      <DeleteCard googleConfirm={googleConfirm} />
      <p className="text-sm text-muted-foreground">
        <Link
          className="underline underline-offset-4 hover:text-foreground"
          to={href(paths.privacyData.getHref())}
        >
          {t('myData.policyLink')}
        </Link>
      </p>
    </DashboardPage>
  );
}
