import type { OfferDto } from '@substytut/shared';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Spinner } from '@/components/ui/spinner';
import { hasErrorCode } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useDeleteOffer } from '../api/delete-offer';

interface ConfirmDialogProps {
  offer: OfferDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function useFailureToast() {
  const { t } = useTranslation('offers');
  return (what: string, error: unknown) => {
    console.error(what, error);
    toast.error(
      hasErrorCode(error, 'offers.invalid_transition')
        ? t('offers.invalid_transition', { ns: 'errors' })
        : t('toasts.error'),
    );
  };
}

/** 'Czy na pewno chcesz wycofać ofertę tego zlecenia?' — removal is permanent. */
export function DeleteOfferDialog({ offer, open, onOpenChange }: ConfirmDialogProps) {
  const { t } = useTranslation('offers');
  const deleteOffer = useDeleteOffer();
  const fail = useFailureToast();

  const confirm = (event: MouseEvent) => {
    event.preventDefault();
    deleteOffer.mutate(offer.offerId, {
      onSuccess: () => {
        toast.success(t('toasts.deleted'));
        onOpenChange(false);
      },
      onError: (error) => {
        fail('deleting the offer failed', error);
        onOpenChange(false);
      },
    });
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !deleteOffer.isPending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('delete.title')}</AlertDialogTitle>
          <AlertDialogDescription>{t('delete.question')}</AlertDialogDescription>
          <p className="text-sm font-medium text-foreground">{offer.title}</p>
          <p className="text-sm text-muted-foreground">{t('delete.note')}</p>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteOffer.isPending}>{t('delete.cancel')}</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={confirm}
            disabled={deleteOffer.isPending}
            aria-busy={deleteOffer.isPending}
          >
            {deleteOffer.isPending && <Spinner />}
            {t('delete.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
