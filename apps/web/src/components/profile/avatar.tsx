import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';

/** The photo, or a neutral placeholder when there is none or it fails to load. */
export function Avatar({ src, alt, className }: { src: string | null; alt: string; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <span
        role="img"
        aria-label={alt}
        className={cn(
          'flex items-center justify-center rounded-full bg-secondary text-secondary-foreground',
          className,
        )}
      >
        <UserRound aria-hidden="true" className="size-1/2" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      onError={() => setFailed(src)}
      className={cn('rounded-full object-cover', className)}
    />
  );
}
