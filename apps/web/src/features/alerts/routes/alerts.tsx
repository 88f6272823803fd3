import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api-error';
import { useAlerts } from '../api/alerts';
import { AlertsForm } from '../components/alerts-form';
import { Loading, LoadFailed } from '../components/load-state';
import { VerifiedNote } from '../components/verified-note';

/** /dashboard/alerts: what the substitute covers and how they are told of new requests. */
export function AlertsPage() {
  const { t } = useTranslation('alerts');
  const query = useAlerts();
  let body;
  if (query.isPending) body = <Loading label={t('loading')} height="h-96" />;
  else if (query.isError)
    body = (
      <LoadFailed
        what={t('loadFailed')}
        reason={errorMessage(query.error, t)}
        onRetry={() => void query.refetch()}
      />
    );
  else body = <AlertsForm settings={query.data} />;
  return (
    <>
      <VerifiedNote />
      {body}
    </>
  );
}
