import type { DataRequestResult } from '@substytut/shared';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageMeta } from '@/components/seo/page-meta';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-error';
import { saveFile } from '@/lib/save-file';
import { useLanguage } from '@/lib/use-language';
import { confirmDataRequest } from '../api/data-requests';

function saveJson(data: unknown) {
  saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), 'substytut-my-data.json');
}

/**
 * /my-data/confirm/{token}: the mailed link. Nothing happens on opening it (mail scanners open
 * links); the visitor confirms with the button.
 */
export function Component() {
  const { t } = useTranslation('my-data');
  const language = useLanguage();
  const { token = '' } = useParams();
  const [result, setResult] = useState<DataRequestResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onConfirm = async () => {
    setBusy(true);
    setError(null);
    try {
      setResult(await confirmDataRequest(token, language));
    } catch (failure) {
      console.error('data request confirmation failed', failure);
      setError(errorMessage(failure, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageMeta title={t('confirm.title')} description={t('confirm.description')} noindex />
      <section className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-12 sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight text-balance">{t('confirm.title')}</h1>
        <Card>
          <CardContent padding="all" className="flex flex-col gap-4">
            {result?.kind === 'delete' && <p role="status">{result.message}</p>}
            {result?.kind === 'export' && (
              <div role="status" className="flex flex-col gap-3">
                <p>
                  {t('confirm.exported', {
                    payments: result.data.payments.length,
                    mails: result.data.mails.length,
                  })}
                </p>
                <Button className="self-start" onClick={() => saveJson(result.data)}>
                  <Download aria-hidden="true" />
                  {t('confirm.download')}
                </Button>
              </div>
            )}
            {!result && (
              <>
                <p>{t('confirm.description')}</p>
                <Button className="self-start" loading={busy} onClick={() => void onConfirm()}>
                  {t('confirm.submit')}
                </Button>
              </>
            )}
            <div role="alert" className="empty:hidden">
              {error && <p className="text-sm font-medium text-destructive">{error}</p>}
            </div>
          </CardContent>
        </Card>
      </section>
    </>
  );
}

export default Component;

export const handle = { i18n: ['my-data', 'errors'] };
