import { Quote } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { usePublishReference, useReferences, type BoardReferenceItem } from '../api/references';
import { Loading, LoadFailed } from './load-state';

function monthText(month: string, language: string): string {
  const [year, number] = month.split('-').map(Number);
  if (!year || !number) return month;
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'pl-PL', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, number - 1, 1)));
}

function ReferenceItem({ item }: { item: BoardReferenceItem }) {
  const { t, i18n } = useTranslation('alerts');
  const publish = usePublishReference();
  const id = useId();
  const pending = publish.isPending;
  const shown = pending && publish.variables ? publish.variables.published : item.published;
  const toggle = () =>
    publish.mutate(
      { id: item.id, published: !item.published },
      {
        onSuccess: (next) =>
          toast.success(next.published ? t('references.publishedToast') : t('references.withdrawnToast')),
        onError: (error) => {
          console.error('reference publish failed', error);
          toast.error(errorMessage(error, t));
        },
      },
    );
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 sm:flex-row sm:items-start sm:justify-between">
      <figure className="flex min-w-0 flex-col gap-2">
        <blockquote id={id} className="flex gap-2 text-base">
          <Quote aria-hidden="true" className="mt-1 size-4 shrink-0 text-muted-foreground" />
          <p className="min-w-0 break-words">{item.text}</p>
        </blockquote>
        <figcaption className="text-sm text-muted-foreground">
          {t('references.byline', { name: item.poster_name, month: monthText(item.month, i18n.language) })}
        </figcaption>
        <Badge variant={item.published ? 'success' : 'outline'} className="self-start">
          {item.published ? t('references.stateOn') : t('references.stateOff')}
        </Badge>
      </figure>
      <label className="flex shrink-0 items-center gap-3 text-sm font-medium">
        <input
          type="checkbox"
          role="switch"
          checked={shown}
          disabled={pending}
          aria-describedby={id}
          onChange={toggle}
          className="size-4 accent-primary"
        />
        {t('references.publish')}
      </label>
    </li>
  );
}

/** References received through the board, each published on the public page or not. */
export function ReferencesList() {
  const { t } = useTranslation('alerts');
  const query = useReferences();
  if (query.isPending) return <Loading label={t('references.loading')} />;
  if (query.isError)
    return (
      <LoadFailed
        what={t('references.loadFailed')}
        reason={errorMessage(query.error, t)}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.data.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-border bg-card/60 px-6 py-10 text-center text-muted-foreground">
        {t('references.empty')}
      </p>
    );
  return (
    <ul className="flex flex-col gap-3">
      {query.data.map((item) => (
        <ReferenceItem key={item.id} item={item} />
      ))}
    </ul>
  );
}
