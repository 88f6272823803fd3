import type { OfferDto } from '@substytut/shared';
import { Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Loading } from '@/components/ui/spinner';

/**
 * The form and the preview load when they are first wanted (issue 33): the form brings zod, the
 * offer rules, react-hook-form and the court picker with its list of courts, none of which the
 * dashboard needs until "Utwórz link" is pressed. Pointing at or focusing the button starts the
 * download, so the form is usually there by the time the dialog opens; until then the dialog
 * shows a loading state (nothing can be typed yet, so nothing is lost).
 */
const loadFormBody = () => import('./offer-form-body');
const loadPreview = () => import('./preview-dialog');
const OfferFormBody = lazy(() => loadFormBody().then((module) => ({ default: module.OfferFormBody })));
const PreviewDialog = lazy(() => loadPreview().then((module) => ({ default: module.PreviewDialog })));

/** Starts the form's download ahead of the click; a failed download is tried again by lazy(). */
function preload() {
  loadFormBody().catch(() => undefined);
}

/**
 * The offer-link entry of the dashboard's sidebar panel (spec 2): its button opens the form in a
 * wide dialog (issue 34: the sidebar's ~213 px cut the court's name and cramped every field).
 * Usable only for an active profile; a created offer closes the dialog, resets the form (expiry
 * back to tomorrow) and opens its preview.
 */
export function OfferLinkForm() {
  const { t } = useTranslation('offers');
  const { pathname } = useLocation();
  // Open on the page it was opened on: a link inside it (to the profile) leaves it closed.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const [created, setCreated] = useState<OfferDto | null>(null);
  return (
    <>
      <p className="text-xs text-muted-foreground">{t('form.entryNote')}</p>
      <Button
        type="button"
        className="w-full"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        <Plus aria-hidden="true" />
        {t('form.open')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          height="90dvh"
          className="sm:max-w-2xl"
          // Left by a link to another page: that page places the focus, not the button here.
          onCloseAutoFocus={(event) => openOn !== null && openOn !== pathname && event.preventDefault()}
        >
          <DialogHeader>
            <DialogTitle>{t('form.dialogTitle')}</DialogTitle>
            <DialogDescription>{t('form.dialogDescription')}</DialogDescription>
          </DialogHeader>
          <Suspense fallback={<Loading />}>
            <OfferFormBody
              onCreated={(offer) => {
                setOpen(false);
                setCreated(offer);
              }}
            />
          </Suspense>
        </DialogContent>
      </Dialog>
      {created && (
        <Suspense fallback={null}>
          <PreviewDialog offer={created} alert open onOpenChange={(next) => !next && setCreated(null)} />
        </Suspense>
      )}
    </>
  );
}
