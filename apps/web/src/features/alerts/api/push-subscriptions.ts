import type { ApiAnswer } from '@substytut/shared/contract/routes';
import type { PushSubscriptionInput } from '@substytut/shared/contract/board';
import { api, request } from '@/lib/api-client';

type PushKey = ApiAnswer<'GET /api/user/push-subscriptions/key'>;
type PushSubscribed = ApiAnswer<'POST /api/user/push-subscriptions'>;

/** GET /user/push-subscriptions/key: the server's VAPID public key (base64url). */
export function getPushKey(): Promise<string> {
  return api.get<PushKey>('/user/push-subscriptions/key').then((body) => body.public_key);
}

/** POST /user/push-subscriptions: this browser's subscription, as PushSubscription.toJSON() gives it. */
export function sendSubscription(subscription: PushSubscriptionInput): Promise<PushSubscribed> {
  return api.post<PushSubscribed>('/user/push-subscriptions', subscription);
}

/** DELETE /user/push-subscriptions with the endpoint this browser stops receiving on. */
export function removeSubscription(endpoint: string): Promise<PushSubscribed> {
  return request<PushSubscribed>('DELETE', '/user/push-subscriptions', { endpoint });
}
