import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
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
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { api, isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** DELETE /admin/users/{id}: the administrator deletes a lawyer's account (GDPR art. 17), after a confirmation. */
export function DeleteAccountButton({ userId, label }: { userId: string; label: string }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const onConfirm = async () => {
    setBusy(true);
    try {
      await api.del<unknown>(`/admin/users/${encodeURIComponent(userId)}`);
      toast.success(t('deleteAccount.done'));
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    } catch (error) {
      console.error('admin account deletion failed', error);
      // The API names why (a paid job not settled yet); its message is in the request's language.
      toast.error(isApiError(error) && error.message ? error.message : t('deleteAccount.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          loading={busy}
          aria-label={t('deleteAccount.label', { name: label })}
        >
          {!busy && <Trash2 aria-hidden="true" />}
          {t('deleteAccount.short')}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('deleteAccount.title', { name: label })}</AlertDialogTitle>
          <AlertDialogDescription>{t('deleteAccount.description')}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('deleteAccount.cancel')}</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={() => void onConfirm()}>
            {t('deleteAccount.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
