import { formatDate } from '@substytut/shared';
import { CalendarPlus, Check, Copy, RefreshCw, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import { useCalendarFeed, useCalendarFeedChange } from '../api/calendar-feed';
import { useCopy } from '../lib/use-copy';

/**
 * The lawyer's private calendar address (issue 23): every paid hearing, for any calendar app that
 * subscribes to it. The address is shown once, right after it is made (only its hash is stored);
 * making a new one or revoking stops the old one.
 */
export function CalendarFeedCard() {
  const { t } = useTranslation('offers');
  const feed = useCalendarFeed();
  const { regenerate, revoke } = useCalendarFeedChange();
  const [url, setUrl] = useState<string | null>(null);
  const { copied, copy } = useCopy(() => toast.error(t('toasts.copyFailed')));
  const urlId = useId();
  const headingId = useId();
  const active = feed.data?.active ?? false;

  const make = async () => {
    try {
      setUrl((await regenerate.mutateAsync()).url);
    } catch (error) {
      console.error('calendar feed creation failed', error);
      toast.error(t('toasts.error'));
    }
  };
  const stop = async () => {
    try {
      await revoke.mutateAsync();
      setUrl(null);
      toast.success(t('calendar.revoked'));
    } catch (error) {
      console.error('calendar feed revocation failed', error);
      toast.error(t('toasts.error'));
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <Card className="flex flex-col gap-3 p-4 sm:p-5">
        <div className="flex items-start gap-3">
          <CalendarPlus aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <div className="flex flex-col gap-1">
            <h2 id={headingId} className="font-semibold">
              {t('calendar.title')}
            </h2>
            <p className="text-sm text-muted-foreground">{t('calendar.description')}</p>
            {active && feed.data?.created_at && (
              <p className="text-sm">
                {t('calendar.activeSince', { date: formatDate(new Date(feed.data.created_at)) })}
              </p>
            )}
          </div>
        </div>
        {url && (
          <div className="flex flex-col gap-2">
            <Label htmlFor={urlId}>{t('calendar.address')}</Label>
            <div className="flex gap-2">
              <Input id={urlId} readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
              <Button variant="outline" onClick={() => void copy(url)}>
                {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                {copied ? t('calendar.copied') : t('calendar.copy')}
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">{t('calendar.onlyOnce')}</p>
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void make()} loading={regenerate.isPending} disabled={feed.isPending}>
            {!regenerate.isPending && <RefreshCw aria-hidden="true" />}
            {active ? t('calendar.regenerate') : t('calendar.create')}
          </Button>
          {active && (
            <Button variant="outline" onClick={() => void stop()} loading={revoke.isPending}>
              {!revoke.isPending && <Trash2 aria-hidden="true" />}
              {t('calendar.revoke')}
            </Button>
          )}
        </div>
      </Card>
    </section>
  );
}
