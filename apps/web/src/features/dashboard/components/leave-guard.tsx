import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
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

/**
 * Spec 2: leaving the open form with changes asks 'Czy napewno?': the browser's own prompt when
 * the page unloads, and this dialog for links inside the app.
 */
export function LeaveGuard({ when }: { when: boolean }) {
  const { t } = useTranslation('dashboard');
  const question = t('leave.title');

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show (or at least require) a returnValue.
      event.returnValue = question;
      return question;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when, question]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  // Closing the dialog any way but 'leave' (Escape, 'stay') keeps the lawyer on the form.
  const leaving = useRef(false);

  return (
    <UnsavedChangesDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (open) return;
        if (leaving.current) blocker.proceed?.();
        else blocker.reset?.();
        leaving.current = false;
      }}
      confirmLabel={t('leave.leave')}
      onConfirm={() => (leaving.current = true)}
    />
  );
}

/** 'Czy napewno?': stay on the form, or go and lose the changes (the confirm button says how). */
export function UnsavedChangesDialog({
  open,
  onOpenChange,
  confirmLabel,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  confirmLabel: string;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('leave.title')}</AlertDialogTitle>
          <AlertDialogDescription>{t('leave.description')}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('leave.stay')}</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onConfirm}>
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
