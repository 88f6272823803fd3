import { cn } from '@/lib/cn';

/** The mark is decorative; the visible word carries the name. Its colours are the brand's, in both themes. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('size-8 dark:rounded-[9px] dark:ring-1 dark:ring-white/25', className)}>
      <rect width="64" height="64" rx="14" fill="#1d3461" />
      <path
        d="M40.5 22.5c-1.9-2.6-5.1-4-8.7-4-5.3 0-9 2.9-9 7.2 0 9.6 18.8 5.5 18.8 13.9 0 3.4-3.3 5.9-8.3 5.9-4.1 0-7.4-1.7-9.3-4.6"
        fill="none"
        stroke="#f2c46d"
        strokeWidth="5"
        strokeLinecap="round"
      />
    </svg>
  );
}
