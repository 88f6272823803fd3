import type { BoardRequestState } from '@substytut/shared/contract/board';
import { CreditCard, Flame } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { useLocalizedHref } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useLanguage } from '@/lib/use-language';
import { useAssign, useCancelRequest, type MyRequest } from '../api/my-requests';
import { moment } from '../lib/format';
import { AfterJob } from './after-job';
import { AnswerItem } from './answer-item';
import { ConfirmButton } from './confirm-button';
import { RequestFacts } from './request-facts';

const STATE_VARIANT: Record<BoardRequestState, 'secondary' | 'success' | 'warning' | 'outline' | 'destructive'> = {
  open: 'secondary',
  assigned: 'warning',
  paid: 'success',
  expired: 'outline',
  cancelled: 'outline',
  hidden: 'destructive',
};

/** The client confirmed the job (or its acceptance window passed): reference and favourite open. */
const CONFIRMED_OFFER = new Set(['accepted', 'archive']);

/** In the order they came: by the time given, never by price. */
function inArrivalOrder<T extends { created_at: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
}

/** One of my posted requests with everything on it: answers, views, pick, cancel, reference. */
export function MyRequestCard({ request }: { request: MyRequest }) {
  const { t } = useTranslation('board');
  const language = useLanguage();
  const navigate = useNavigate();
  const href = useLocalizedHref();
  const assign = useAssign();
  const cancel = useCancelRequest();
  const headingId = useId();
  const open = request.state === 'open';
  const cancellable = open || request.state === 'assigned';
  const answers = inArrivalOrder(request.responses);
  const picked = answers.find((answer) => answer.id === request.assigned_response_id) ?? null;
  const confirmed = request.state === 'paid' && request.offer !== null && CONFIRMED_OFFER.has(request.offer.offer_status);

  const pick = (responseId: string) =>
    assign.mutate(
      { requestId: request.id, responseId },
      {
        // Straight to the payment step, with the poster's own data filled in there.
        onSuccess: (offer) => void navigate(href(offer.payment_path)),
        onError: (error) => toast.error(errorMessage(error, t)),
      },
    );

  const onCancel = () =>
    cancel.mutate(request.id, {
      onSuccess: () => toast.success(t('mine.cancelled')),
      onError: (error) => toast.error(errorMessage(error, t)),
    });

  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="min-w-0 text-lg leading-tight font-semibold">
          {request.court_name}
          <span className="block text-sm font-normal text-muted-foreground">{request.court_city}</span>
        </h2>
        <div className="flex flex-wrap gap-1">
          {request.urgent && open && (
            <Badge variant="destructive">
              <Flame aria-hidden="true" />
              {t('card.urgent')}
            </Badge>
          )}
          <Badge variant={STATE_VARIANT[request.state]}>{t(`states.${request.state}`)}</Badge>
        </div>
      </header>
      <RequestFacts request={request} />
      <p className="text-sm whitespace-pre-line">{request.task}</p>
      <dl className="grid gap-1 rounded-md bg-muted p-3 text-sm">
        {request.case_number && (
          <div className="flex flex-wrap gap-1">
            <dt className="text-muted-foreground">{t('conflict.caseNumber')}:</dt>
            <dd>{request.case_number}</dd>
          </div>
        )}
        <div className="flex flex-wrap gap-1">
          <dt className="text-muted-foreground">{t('conflict.parties')}:</dt>
          <dd>{(request.parties ?? []).map((party) => `${party.name} (${party.role})`).join('; ')}</dd>
        </div>
      </dl>
      {request.state === 'hidden' && request.hidden_reason && (
        <p role="note" className="rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm">
          {t('mine.hiddenReason', { reason: request.hidden_reason })}
        </p>
      )}
      {request.state === 'assigned' && request.offer && (
        <div className="flex flex-col gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>{request.pay_by ? t('mine.payBy', { at: moment(request.pay_by, language) }) : t('mine.payNow')}</p>
          <LinkButton to={href(request.offer.payment_path)} size="sm">
            <CreditCard aria-hidden="true" />
            {t('mine.pay')}
          </LinkButton>
        </div>
      )}

      <section aria-label={t('mine.viewsTitle')} className="flex flex-col gap-1">
        <h3 className="text-sm font-semibold">{t('mine.viewsTitle')}</h3>
        {request.views.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('mine.noViews')}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {inArrivalOrder(request.views.map((view) => ({ ...view, created_at: view.viewed_at }))).map((view) => (
              <li key={`${view.substitute.profile_id}-${view.viewed_at}`}>
                <span className="font-medium">{view.substitute.name}</span>
                <span className="block text-muted-foreground">
                  {t('mine.viewedAt', { at: moment(view.viewed_at, language) })}
                  {' · '}
                  {view.confirmed_at ? t('mine.confirmedAt', { at: moment(view.confirmed_at, language) }) : t('mine.notConfirmed')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-label={t('mine.answersTitle')} className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">{t('mine.answersTitle', { count: answers.length })}</h3>
        {answers.length === 0 ? (
          <p className="text-sm text-muted-foreground">{open ? t('mine.noAnswersYet') : t('mine.noAnswers')}</p>
        ) : (
          <>
            <p className="text-xs text-muted-foreground">{t('mine.orderNote')}</p>
            <ol className="flex flex-col gap-3">
              {answers.map((answer) => (
                <li key={answer.id}>
                  <AnswerItem
                    answer={answer}
                    picked={answer.id === request.assigned_response_id}
                    actions={
                      <>
                        {open && (
                          <Button
                            className="self-start"
                            loading={assign.isPending && assign.variables?.responseId === answer.id}
                            disabled={assign.isPending}
                            onClick={() => pick(answer.id)}
                          >
                            {t('mine.pick', { name: answer.substitute.name })}
                          </Button>
                        )}
                        {confirmed && picked?.id === answer.id && <AfterJob request={request} answer={answer} />}
                      </>
                    }
                  />
                </li>
              ))}
            </ol>
          </>
        )}
      </section>

      {cancellable && (
        <footer className="flex justify-end border-t border-border pt-4">
          <ConfirmButton
            label={t('mine.cancel')}
            title={t('mine.cancelTitle')}
            text={t('mine.cancelText')}
            confirm={t('mine.cancelConfirm')}
            loading={cancel.isPending}
            onConfirm={onCancel}
          />
        </footer>
      )}
    </article>
  );
}
