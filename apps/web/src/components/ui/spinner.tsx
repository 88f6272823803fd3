import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export function Spinner({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={cn('size-4 shrink-0 animate-spin', className)}
      fill="none"
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** Full-area loading state; the visible 'Ładowanie...' text doubles as the live announcement. */
export function Loading({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div
      role="status"
      className={cn('flex min-h-40 items-center justify-center gap-3 text-muted-foreground', className)}
    >
      <Spinner className="size-5" />
      <span>{label ?? t('loading')}</span>
    </div>
  );
}
