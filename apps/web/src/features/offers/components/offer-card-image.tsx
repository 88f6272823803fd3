import type { OfferDto } from '@substytut/shared';
import { Scale } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { cardImageUrl } from '../lib/offer-view';

/** The offer's card image from /storage/{cardUrl}; a neutral tile when there is none or it fails. */
export function OfferCardImage({
  offer,
  className,
}: {
  offer: Pick<OfferDto, 'cardUrl' | 'title'>;
  className?: string;
}) {
  const { t } = useTranslation('offers');
  const src = cardImageUrl(offer);
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <div
        aria-hidden="true"
        className={cn('flex items-center justify-center bg-secondary text-secondary-foreground', className)}
      >
        <Scale className="size-8 opacity-60" />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={t('card.imageAlt', { title: offer.title })}
      loading="lazy"
      onError={() => setFailed(src)}
      className={cn('bg-muted object-cover', className)}
    />
  );
}
