import { BellRing, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { getPushKey, removeSubscription, sendSubscription } from '../api/push-subscriptions';
import { currentSubscription, readPushState, subscribeThisBrowser, type PushState } from '../lib/push';

/**
 * Turns browser notifications on or off for this browser: asks for permission, subscribes with
 * the server's VAPID key and sends the subscription (or removes it). Says plainly when the
 * browser cannot, or when the user blocked notifications for the site.
 */
export function PushOptIn() {
  const { t } = useTranslation('alerts');
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    readPushState()
      .then((next) => live && setState(next))
      .catch((error: unknown) => {
        console.error('push state unreadable', error);
        if (live) setState('off');
      });
    return () => {
      live = false;
    };
  }, []);

  const turnOn = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const result = await subscribeThisBrowser(getPushKey);
      if (result.state === 'on') {
        if (!result.subscription) throw new Error('the browser gave a subscription without keys');
        await sendSubscription(result.subscription);
      }
      setState(result.state);
    } catch (error) {
      console.error('push subscription failed', error);
      // The browser's own refusal (no push service reachable, a blocked key): not the API's.
      setFailure(isApiError(error) ? errorMessage(error, t) : t('push.failed'));
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await removeSubscription(subscription.endpoint);
        await subscription.unsubscribe();
      }
      setState('off');
    } catch (error) {
      console.error('push unsubscription failed', error);
      setFailure(errorMessage(error, t));
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (state === null) {
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        {t('push.checking')}
      </p>
    );
  } else if (state === 'unsupported') {
    body = (
      <p role="status" className="text-sm">
        {t('push.unsupported')}
      </p>
    );
  } else if (state === 'blocked') {
    body = (
      <p role="status" className="text-sm">
        {t('push.blocked')}
      </p>
    );
  } else {
    const on = state === 'on';
    body = (
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p role="status" className="text-sm">
          {on ? t('push.on') : t('push.off')}
        </p>
        <Button
          type="button"
          variant={on ? 'outline' : 'primary'}
          size="sm"
          loading={busy}
          onClick={() => void (on ? turnOff() : turnOn())}
        >
          {!busy && (on ? <X aria-hidden="true" /> : <BellRing aria-hidden="true" />)}
          {on ? t('push.turnOff') : t('push.turnOn')}
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-2 rounded-lg border border-border bg-muted/30 p-3">
      <p className="text-sm font-medium">{t('push.title')}</p>
      {body}
      {failure && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {failure}
        </p>
      )}
    </div>
  );
}
