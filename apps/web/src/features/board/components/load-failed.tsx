import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-error';

/** A list that could not be read: what went wrong, in the catalogue's words, and a retry. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('board');
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-border bg-card p-6">
      <p className="font-medium">{t('states.loadFailed')}</p>
      <p className="text-sm text-muted-foreground">{errorMessage(error, t)}</p>
      <Button variant="outline" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        {t('actions.retry')}
      </Button>
    </div>
  );
}
