import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export function Spinner({ className, size = 'sm' }: { className?: string; size?: 'sm' | 'md' }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={cn(size === 'md' ? 'size-5' : 'size-4', 'shrink-0 animate-spin', className)}
      fill="none"
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/**
 * Full-area loading state; the visible 'Ładowanie...' text doubles as the live announcement.
 * `height="screen"`: a whole page's height instead of a section's.
 */
export function Loading({
  className,
  label,
  height = 'section',
}: {
  className?: string;
  label?: string;
  height?: 'section' | 'screen';
}) {
  const { t } = useTranslation('common');
  return (
    <div
      role="status"
      className={cn(
        'flex items-center justify-center gap-3 text-muted-foreground',
        height === 'screen' ? 'min-h-dvh' : 'min-h-40',
        className,
      )}
    >
      <Spinner size="md" />
      <span>{label ?? t('loading')}</span>
    </div>
  );
}
