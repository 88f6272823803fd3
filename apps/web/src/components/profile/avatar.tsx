import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';

/**
 * The photo, or a neutral placeholder when there is none or it fails to load. A stored photo
 * passes its smaller copies (storageSrcSet) and the size it is shown at, so a phone loads a
 * small file rather than the whole photo.
 */
export function Avatar({
  src,
  srcSet,
  sizes,
  alt,
  className,
}: {
  src: string | null;
  srcSet?: string;
  sizes?: string;
  alt: string;
  className?: string;
}) {
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
      srcSet={srcSet}
      sizes={sizes}
      alt={alt}
      onError={() => setFailed(src)}
      className={cn('rounded-full object-cover', className)}
    />
  );
}
