import type { PushSubscriptionInput } from '@substytut/shared/contract/board';

/**
 * Browser notifications (Web Push) for board alerts. The service worker (public/sw.js, root scope)
 * is registered only from the dashboard's alerts page, when the user turns notifications on or
 * when the page checks whether this browser already receives them: public pages never load it.
 */

export const SERVICE_WORKER_URL = '/sw.js';

/** Where this browser stands: what the opt-in button offers. */
export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext !== false &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The subscription this browser holds for the app, if any (without registering the worker). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return registration ? registration.pushManager.getSubscription() : null;
}

export async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

/** A VAPID key in base64url as the bytes PushManager.subscribe wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The part of PushSubscription.toJSON() the API keeps; null when the browser gave no keys. */
export function subscriptionInput(subscription: PushSubscription): PushSubscriptionInput | null {
  const json = subscription.toJSON();
  const { p256dh, auth } = json.keys ?? {};
  if (!json.endpoint || !p256dh || !auth) return null;
  return { endpoint: json.endpoint, keys: { p256dh, auth } };
}

/**
 * Asks for permission (must run from a click), registers the worker and subscribes with the
 * server's key. Answers the new state and, when subscribed, what to send to the API.
 */
export async function subscribeThisBrowser(
  publicKey: () => Promise<string>,
): Promise<{ state: PushState; subscription: PushSubscriptionInput | null }> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return { state: 'blocked', subscription: null };
  if (permission !== 'granted') return { state: 'off', subscription: null };
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(await publicKey()),
    }));
  return { state: 'on', subscription: subscriptionInput(subscription) };
}
