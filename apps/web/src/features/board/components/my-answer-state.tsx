import type { BoardRequestCard } from '@substytut/shared/contract/board';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/use-language';
import { pln } from '../lib/format';

/** The state of the signed-in substitute's answer on a request, in one line; null when none. */
export function MyAnswerState({ request }: { request: BoardRequestCard }) {
  const { t } = useTranslation('board');
  const language = useLanguage();
  const answer = request.my_response;
  let text: string | null = null;
  if (request.assigned_to_me) text = t('answer.state.picked');
  else if (answer && request.state !== 'open') text = t('answer.state.closed');
  else if (answer)
    text =
      answer.price_net === null
        ? t('answer.state.accepted')
        : t('answer.state.proposed', { price: pln(answer.price_net, language) });
  else if (request.conflict_check?.confirmed_at) text = t('answer.state.checked');
  else if (request.conflict_check) text = t('answer.state.viewed');
  if (!text) return null;
  return <p className="rounded-md bg-secondary px-3 py-2 text-sm text-secondary-foreground">{text}</p>;
}
