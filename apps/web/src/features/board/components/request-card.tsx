import type { BoardRequestCard as Card } from '@substytut/shared/contract/board';
import { Flame } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LawyerCard } from './lawyer-card';
import { MyAnswerState } from './my-answer-state';
import { RequestFacts } from './request-facts';

/** One request on the substitute's board; `onOpen` opens it (conflict check and answer). */
export function RequestCard({ request, onOpen }: { request: Card; onOpen: () => void }) {
  const { t } = useTranslation('board');
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="min-w-0 text-lg leading-tight font-semibold">
          {request.court_name}
          <span className="block text-sm font-normal text-muted-foreground">{request.court_city}</span>
        </h2>
        {request.urgent && (
          <Badge variant="destructive">
            <Flame aria-hidden="true" />
            {t('card.urgent')}
          </Badge>
        )}
      </header>
      <RequestFacts request={request} />
      <p className="line-clamp-4 text-sm whitespace-pre-line">{request.task}</p>
      <MyAnswerState request={request} />
      <footer className="flex flex-col gap-3 border-t border-border pt-4 sm:flex-row sm:items-end sm:justify-between">
        <LawyerCard lawyer={request.poster} />
        <Button onClick={onOpen} className="sm:shrink-0" aria-describedby={headingId}>
          {request.my_response || request.assigned_to_me ? t('card.openMine') : t('card.open')}
        </Button>
      </footer>
    </article>
  );
}
