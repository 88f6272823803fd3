import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

/** A section still loading: a placeholder of about its height, named for screen readers. */
export function Loading({ label, height = 'h-40' }: { label: string; height?: string }) {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only" role="status">
        {label}
      </span>
      <Skeleton className={`${height} w-full`} />
    </div>
  );
}

/** A section whose data did not load: the message and a button that asks again. */
export function LoadFailed({ what, reason, onRetry }: { what: string; reason: string; onRetry: () => void }) {
  const { t } = useTranslation('alerts');
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 p-4"
    >
      <p className="flex flex-col">
        <span className="font-medium">{what}</span>
        <span className="text-sm text-muted-foreground">{reason}</span>
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
