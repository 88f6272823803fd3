import type { BoardRequestDetail } from '@substytut/shared/contract/board';
import { Eye, Flame, RefreshCw, ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Loading } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useLanguage } from '@/lib/use-language';
import { useBoardRequest, useConfirmNoConflict, useViewParties } from '../api/board';
import { moment } from '../lib/format';
import { AnswerForm } from './answer-form';
import { LawyerCard } from './lawyer-card';
import { MyAnswerState } from './my-answer-state';
import { RequestFacts } from './request-facts';

/** The parties (and the case number once picked), shown after the conflict check. */
function Parties({ request }: { request: BoardRequestDetail }) {
  const { t } = useTranslation('board');
  return (
    <div className="flex flex-col gap-2 rounded-md border border-border p-3">
      <h3 className="text-sm font-semibold">{t('conflict.parties')}</h3>
      <ul className="flex flex-col gap-1 text-sm">
        {(request.parties ?? []).map((party, index) => (
          <li key={index}>
            <span className="font-medium">{party.name}</span>
            <span className="text-muted-foreground"> · {party.role}</span>
          </li>
        ))}
      </ul>
      {request.case_number && (
        <p className="text-sm">
          <span className="text-muted-foreground">{t('conflict.caseNumber')}: </span>
          {request.case_number}
        </p>
      )}
    </div>
  );
}

/**
 * The conflict check in its two steps, then the answer. The parties are shown once the substitute
 * asks for them (the viewing is recorded and the poster sees it, which the dialog says first);
 * then the substitute confirms there is no conflict of interest (recorded with its time, also
 * shown to the poster), and only then the answer form opens.
 */
function ConflictAndAnswer({ request, onDone }: { request: BoardRequestDetail; onDone: () => void }) {
  const { t } = useTranslation('board');
  const language = useLanguage();
  const view = useViewParties();
  const confirm = useConfirmNoConflict();
  const stepId = useId();
  const onError = (error: unknown) => toast.error(errorMessage(error, t));

  if (!request.conflict_check || request.parties === null) {
    return (
      <section
        aria-labelledby={`${stepId}-title`}
        className="flex flex-col gap-3 rounded-md border border-border p-4"
      >
        <h3 id={`${stepId}-title`} className="flex items-center gap-2 font-semibold">
          <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
          {t('conflict.title')}
        </h3>
        <p className="text-sm">{t('conflict.explain')}</p>
        <p className="flex items-start gap-2 rounded-md bg-secondary p-3 text-sm text-secondary-foreground">
          <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('conflict.recorded')}
        </p>
        <Button
          className="self-start"
          loading={view.isPending}
          disabled={request.state !== 'open'}
          onClick={() => view.mutate(request.id, { onError })}
        >
          {t('conflict.show')}
        </Button>
      </section>
    );
  }

  const confirmedAt = request.conflict_check.confirmed_at;
  return (
    <div className="flex flex-col gap-4">
      <Parties request={request} />
      {confirmedAt ? (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          {t('conflict.confirmedAt', { at: moment(confirmedAt, language) })}
        </p>
      ) : (
        <section
          aria-labelledby={`${stepId}-confirm`}
          className="flex flex-col gap-2 rounded-md border border-border p-4"
        >
          <h3 id={`${stepId}-confirm`} className="font-semibold">
            {t('conflict.noConflict')}
          </h3>
          <p id={`${stepId}-hint`} className="text-sm text-muted-foreground">
            {t('conflict.noConflictHint')} {t('conflict.confirmRecorded')}
          </p>
          <Button
            size="multiline"
            className="min-h-9 self-start"
            loading={confirm.isPending}
            disabled={request.state !== 'open'}
            aria-describedby={`${stepId}-hint`}
            onClick={() => confirm.mutate(request.id, { onError })}
          >
            <ShieldCheck aria-hidden="true" />
            {t('conflict.confirm')}
          </Button>
        </section>
      )}
      {confirmedAt ? <AnswerForm request={request} onDone={onDone} /> : null}
    </div>
  );
}

/** One request opened from the board (or from `?request=<id>`): everything a substitute may see. */
export function RequestDialog({ requestId, onClose }: { requestId: string | null; onClose: () => void }) {
  const { t } = useTranslation('board');
  const detail = useBoardRequest(requestId);
  const request = detail.data;
  return (
    <Dialog open={requestId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="2xl" aria-describedby={undefined}>
        {detail.isPending ? (
          <>
            <DialogTitle className="sr-only">{t('dialog.loading')}</DialogTitle>
            <Loading />
          </>
        ) : detail.isError || !request ? (
          <>
            <DialogHeader>
              <DialogTitle>{t('dialog.failedTitle')}</DialogTitle>
              <DialogDescription>{errorMessage(detail.error, t)}</DialogDescription>
            </DialogHeader>
            <Button variant="outline" className="self-start" onClick={() => void detail.refetch()}>
              <RefreshCw aria-hidden="true" />
              {t('actions.retry')}
            </Button>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle className="flex flex-wrap items-center gap-2">
                {request.court_name}
                {request.urgent && (
                  <Badge variant="destructive">
                    <Flame aria-hidden="true" />
                    {t('card.urgent')}
                  </Badge>
                )}
              </DialogTitle>
              <DialogDescription>{request.court_city}</DialogDescription>
            </DialogHeader>
            <RequestFacts request={request} />
            <div className="flex flex-col gap-1">
              <h3 className="text-sm font-semibold">{t('card.task')}</h3>
              <p className="text-sm whitespace-pre-line">{request.task}</p>
            </div>
            <div className="flex flex-col gap-1">
              <h3 className="text-sm font-semibold">{t('card.poster')}</h3>
              <LawyerCard lawyer={request.poster} />
            </div>
            <MyAnswerState request={request} />
            {request.assigned_to_me && request.parties ? (
              <Parties request={request} />
            ) : (
              <ConflictAndAnswer key={request.id} request={request} onDone={onClose} />
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
