import { hearingSummary, type OfferDto } from '@substytut/shared';
import { Check, Copy, Info } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/toast';
import { formatOfferPrice, useLanguage } from '../lib/offer-view';
import { useCopy } from '../lib/use-copy';
import { OfferCardImage } from './offer-card-image';

/** What the copy button puts on the clipboard: the (edited) message, a blank line, the link. */
export function messageWithLink(message: string, link: string): string {
  return `${message.trimEnd()}\n\n${link}`;
}

function PreviewBody({ offer, alert }: { offer: OfferDto; alert: boolean }) {
  const { t } = useTranslation('offers');
  const language = useLanguage();
  const messageId = useId();
  const linkId = useId();
  // Edits stay in this dialog: every opening starts from the default text again.
  const [message, setMessage] = useState(() => {
    const text = t('preview.defaultMessage', {
      title: offer.title,
      net: formatOfferPrice(offer.price, language),
      gross: formatOfferPrice(offer.price_brutto, language),
    });
    // Court, date and hour only: the case number and the party are not for whoever gets the link.
    const hearing = hearingSummary(
      offer.hearing && { ...offer.hearing, case_number: null, party: null },
      language,
    );
    return hearing ? `${text}\n\n${t('preview.hearing', { hearing })}` : text;
  });
  const { copied, copy } = useCopy(() => toast.error(t('toasts.copyFailed')));

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('preview.title')}</DialogTitle>
        <DialogDescription>{t('preview.description')}</DialogDescription>
      </DialogHeader>
      {alert && (
        <p
          role="status"
          className="flex gap-2 rounded-md border border-success/40 bg-success/10 p-3 text-sm text-foreground"
        >
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          {t('preview.alert')}
        </p>
      )}
      {/* Side by side from md up, so the copy button shows at 1280 × 800 without scrolling (issue 34). */}
      <div className="grid gap-4 md:grid-cols-2 md:items-start">
        <div className="flex flex-col gap-4">
          <OfferCardImage
            offer={offer}
            className="aspect-[1200/630] w-full rounded-lg border border-border"
          />
          <div className="flex flex-col gap-2">
            <Label htmlFor={linkId}>{t('preview.link')}</Label>
            <Input
              id={linkId}
              readOnly
              value={offer.absoluteUrl}
              onFocus={(event) => event.currentTarget.select()}
              font="mono"
            />
          </div>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={messageId}>{t('preview.message')}</Label>
          <Textarea
            id={messageId}
            rows={9}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        </div>
      </div>
      <DialogFooter>
        <Button onClick={() => void copy(messageWithLink(message, offer.absoluteUrl))}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? t('preview.copied') : t('preview.copy')}
        </Button>
      </DialogFooter>
      <p role="status" className="sr-only">
        {copied ? t('preview.copied') : ''}
      </p>
    </>
  );
}

/**
 * 'Podgląd' (spec 2): an editable message for the client, the offer link and card, and a button
 * that copies message plus link. With `alert` (right after creation) it says where the offer is.
 */
export function PreviewDialog({
  offer,
  alert = false,
  open,
  onOpenChange,
}: {
  offer: OfferDto;
  alert?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="xl" className="md:max-w-3xl">
        <PreviewBody offer={offer} alert={alert} />
      </DialogContent>
    </Dialog>
  );
}
