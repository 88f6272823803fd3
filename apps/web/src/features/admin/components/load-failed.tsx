import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** An admin section whose data did not load: the message and a button that asks again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 p-4"
    >
      <p>{t('loadFailed')}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
