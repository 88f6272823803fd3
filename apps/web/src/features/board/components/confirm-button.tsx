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

/** A button whose action waits for a confirmation dialog (withdraw an answer, cancel a request). */
export function ConfirmButton({
  label,
  title,
  text,
  confirm,
  loading,
  onConfirm,
}: {
  label: string;
  title: string;
  text: string;
  confirm: string;
  loading: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('board');
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" loading={loading}>
          {label}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{text}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('actions.back')}</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onConfirm}>
            {confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
