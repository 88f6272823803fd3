import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageMeta } from '@/components/seo/page-meta';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths, useLocalizedHref } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { downloadMailedExport } from '../api/data-export';

/**
 * /my-data/export/{token}: the data-export mail's link. Opening it downloads nothing (mail
 * scanners open links and would use the one-time file up); the owner downloads with the button.
 */
export function Component() {
  const { t } = useTranslation('my-data');
  const href = useLocalizedHref();
  const { token = '' } = useParams();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onDownload = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadMailedExport(token);
      setDone(true);
    } catch (failure) {
      console.error('data export download failed', failure);
      setError(errorMessage(failure, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageMeta title={t('exportDownload.title')} description={t('exportDownload.description')} noindex />
      <section className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-12 sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight text-balance">{t('exportDownload.title')}</h1>
        <Card>
          <CardContent padding="all" className="flex flex-col gap-4">
            {done ? (
              <p role="status">{t('exportDownload.done')}</p>
            ) : (
              <>
                <p>{t('exportDownload.description')}</p>
                <Button className="self-start" loading={busy} onClick={() => void onDownload()}>
                  <Download aria-hidden="true" />
                  {t('exportDownload.submit')}
                </Button>
              </>
            )}
            <div role="alert" className="empty:hidden">
              {error && <p className="text-sm font-medium text-destructive">{error}</p>}
            </div>
            {(done || error) && (
              <Link
                className="self-start underline underline-offset-4"
                to={href(paths.dashboard.data.getHref())}
              >
                {t('exportDownload.dashboard')}
              </Link>
            )}
          </CardContent>
        </Card>
      </section>
    </>
  );
}

export default Component;

export const handle = { i18n: ['my-data', 'errors'] };
