import { zodResolver } from '@hookform/resolvers/zod';
import { BOARD_HIDE_REASON_MAX_LENGTH } from '@substytut/shared/contract/board';
import { boardHideSchema } from '@substytut/shared/validation/board';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useErrorText } from '@/lib/use-error-text';
import { useHideBoardRequest, type AdminBoardRequest } from '../api/board';

/**
 * "Ukryj": takes a request off the board. The poster is told, with the reason, so the reason is
 * required (the API's own schema checks it here first).
 */
export function BoardHideDialog({ request, onClose }: { request: AdminBoardRequest; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const hide = useHideBoardRequest();
  const [failure, setFailure] = useState<string | null>(null);
  const descriptionId = useId();
  const form = useForm<{ reason: string }>({
    defaultValues: { reason: '' },
    resolver: zodResolver(boardHideSchema, undefined, { raw: true }),
    mode: 'onTouched',
  });

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    setFailure(null);
    try {
      await hide.mutateAsync({ id: request.id, reason: reason.trim() });
      toast.success(t('board.hidden', { court: request.court_name }));
      onClose();
    } catch (error) {
      console.error('board hide failed', error);
      const reasonKey = isApiError(error) ? error.fieldErrors.reason : undefined;
      if (reasonKey) form.setError('reason', { message: reasonKey }, { shouldFocus: true });
      else setFailure(errorMessage(error, t));
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !hide.isPending && onClose()}>
      <DialogContent aria-describedby={descriptionId}>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{t('board.hideTitle', { court: request.court_name })}</DialogTitle>
            <DialogDescription id={descriptionId}>{t('board.hideDescription')}</DialogDescription>
          </DialogHeader>
          <FormField
            label={t('board.hideReason')}
            hint={t('board.hideReasonHint', { max: BOARD_HIDE_REASON_MAX_LENGTH })}
            error={errorText(form.formState.errors.reason)}
            required
          >
            <Textarea
              {...form.register('reason')}
              rows={4}
              maxLength={BOARD_HIDE_REASON_MAX_LENGTH}
              aria-required="true"
            />
          </FormField>
          {failure && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {failure}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={hide.isPending} onClick={onClose}>
              {t('board.cancel')}
            </Button>
            <Button type="submit" variant="destructive" loading={hide.isPending}>
              {t('board.hide')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
