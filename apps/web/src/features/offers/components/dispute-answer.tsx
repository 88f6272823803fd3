import {
  CV_MAX_BYTES,
  DISPUTE_ANSWER_MAX_LENGTH,
  disputeAnswerSchema,
  type OfferDto,
} from '@substytut/shared';
import { FileDown, MessageSquareReply } from 'lucide-react';
import { useState, type FormEvent } from 'react';
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
import { FilePicker } from '@/components/ui/file-picker';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { downloadAnswerFile, useAnswerDispute } from '../api/answer-dispute';

/** While the dispute is open and the lawyer has not answered yet (one round, decision 044). */
export const mayAnswerDispute = (offer: OfferDto) =>
  offer.status === 'disputed' && !!offer.settlement && !offer.settlement.lawyer_answer;

/**
 * The lawyer's answer to the client's objection (issue 34): a statement and an optional PDF under
 * the minutes' rules, sent once; the client and the administrator are told.
 */
export function DisputeAnswerDialog({
  offer,
  open,
  onOpenChange,
}: {
  offer: OfferDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('offers');
  const answer = useAnswerDispute();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fieldError = (key: string) => (errors[key] ? t(errors[key], { ns: 'errors' }) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = disputeAnswerSchema.safeParse({ text });
    const found: Record<string, string> = {};
    if (!parsed.success) found.text = parsed.error.issues[0]?.message ?? 'validation.fillField';
    if (file && file.size > CV_MAX_BYTES) found.file = 'files.too_large';
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    answer.mutate(
      { offerId: offer.offerId, text: parsed.data.text, file },
      {
        onSuccess: () => {
          toast.success(t('answer.sent'));
          onOpenChange(false);
        },
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) setErrors(error.fieldErrors);
          else if (isApiError(error) && error.code.startsWith('files.')) setErrors({ file: error.code });
          else toast.error(errorMessage(error, t));
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !answer.isPending && onOpenChange(next)}>
      <DialogContent height="90dvh" className="sm:max-w-lg">
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{t('answer.title')}</DialogTitle>
            <DialogDescription>{t('answer.description', { title: offer.title })}</DialogDescription>
          </DialogHeader>
          {offer.settlement?.dispute_reason && (
            <blockquote className="rounded-md border-l-4 border-border bg-muted/40 p-3 text-sm break-words whitespace-pre-line">
              <span className="font-medium">{t('answer.reason')}:</span> {offer.settlement.dispute_reason}
            </blockquote>
          )}
          <FormField label={t('answer.text')} error={fieldError('text')} required>
            <Textarea
              value={text}
              rows={5}
              maxLength={DISPUTE_ANSWER_MAX_LENGTH}
              onChange={(event) => setText(event.target.value)}
            />
          </FormField>
          <FilePicker
            label={t('answer.file')}
            error={fieldError('file')}
            hint={t('report.minutesHint')}
            accept="application/pdf,.pdf"
            file={file}
            onFile={setFile}
          />
          <p className="text-sm text-muted-foreground">{t('answer.note')}</p>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={answer.isPending}
              onClick={() => onOpenChange(false)}
            >
              {t('done.cancel')}
            </Button>
            <Button type="submit" loading={answer.isPending}>
              {t('answer.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Opens the answer's dialog from the card. */
export function DisputeAnswerButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('offers');
  return (
    <Button size="sm" variant="outline" onClick={onClick}>
      <MessageSquareReply aria-hidden="true" />
      {t('answer.open')}
    </Button>
  );
}

/** The file the lawyer attached to their answer, downloaded with their session. */
export function AnswerFileDownload({ offer }: { offer: OfferDto }) {
  const { t } = useTranslation('common');
  const { t: tOffers } = useTranslation('offers');
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadAnswerFile(offer.offerId)
      .catch(() => toast.error(tOffers('document.failed')))
      .finally(() => setBusy(false));
  };
  return (
    <Button variant="link" size="sm-flush" className="self-start" onClick={download} loading={busy}>
      <FileDown aria-hidden="true" />
      {t('settlement.answerFile')}
    </Button>
  );
}
