import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BoardPushPayload } from '@substytut/shared';
import webpush from 'web-push';
import type { Config } from '../app/config.ts';

/** A stored subscription as the push service needs it. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the push service answered: delivered, gone (404/410: the subscription is dead), or failed. */
export type PushResult = { kind: 'sent' } | { kind: 'gone' } | { kind: 'failed'; error: string };

/** The Web Push port: the real web-push adapter, or the embedded recorder. */
export interface PushTransport {
  readonly kind: 'web-push' | 'recording';
  /** The VAPID public key browsers subscribe with; null when push is off (production without keys). */
  readonly publicKey: string | null;
  send(target: PushTarget, payload: BoardPushPayload): Promise<PushResult>;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or outside production a pair made once and kept in
 * DATA_DIR/vapid.json (mode 0600), like the secrets key, so `npm start` needs no setup and the
 * browsers' subscriptions survive a restart. Production without them: null (no push; e-mail goes).
 */
export function vapidKeys(config: Pick<Config, 'push' | 'isProduction' | 'dataDir'>): VapidKeys | null {
  const { vapidPublicKey, vapidPrivateKey } = config.push;
  if (vapidPublicKey && vapidPrivateKey) return { publicKey: vapidPublicKey, privateKey: vapidPrivateKey };
  if (config.isProduction) return null;
  const file = path.join(config.dataDir, 'vapid.json');
  const read = (): VapidKeys | null => {
    try {
      const keys = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
      return keys.publicKey && keys.privateKey
        ? { publicKey: keys.publicKey, privateKey: keys.privateKey }
        : null;
    } catch {
      return null;
    }
  };
  const existing = read();
  if (existing) return existing;
  mkdirSync(config.dataDir, { recursive: true });
  const made = webpush.generateVAPIDKeys();
  // 'wx' so two processes starting together never overwrite each other's pair; the loser reads it.
  try {
    writeFileSync(file, JSON.stringify(made), { mode: 0o600, flag: 'wx' });
    return made;
  } catch {
    return read();
  }
}

const TTL_SECONDS = 6 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

/**
 * The real adapter: the standard Web Push protocol with VAPID. The web-push library builds the
 * request (payload encryption, VAPID headers); it is sent with fetch, which also reaches a push
 * service on this machine over plain http (the tests' fake).
 */
export function createWebPush(keys: VapidKeys, subject: string): PushTransport {
  return {
    kind: 'web-push',
    publicKey: keys.publicKey,
    async send(target, payload) {
      try {
        const details = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          { vapidDetails: { subject, ...keys }, TTL: TTL_SECONDS, urgency: 'high' },
        );
        const response = await fetch(details.endpoint, {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: details.body ?? null,
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        await response.body?.cancel();
        if (response.ok) return { kind: 'sent' };
        if (response.status === 404 || response.status === 410) return { kind: 'gone' };
        return { kind: 'failed', error: `push service answered ${response.status}` };
      } catch (error) {
        return { kind: 'failed', error: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}

export interface RecordingPush extends PushTransport {
  /** every send, oldest first (the last RECORDED_MAX) */
  readonly sent: { target: PushTarget; payload: BoardPushPayload; result: PushResult }[];
}

const RECORDED_MAX = 500;

const isLoopback = (endpoint: string) => {
  try {
    return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(endpoint).hostname);
  } catch {
    return false;
  }
};

/**
 * The embedded default (no VAPID_* settings): records every send and reaches no outside push
 * service, so tests and an offline start never wait on the network. A push service on this
 * machine (127.0.0.1: the tests' fake, a developer's) is still sent to, through `forward` (the
 * real adapter with the DATA_DIR keys), so the whole protocol is exercised; any other endpoint is
 * answered as sent.
 */
export function createRecordingPush(publicKey: string, forward?: PushTransport): RecordingPush {
  const sent: RecordingPush['sent'] = [];
  return {
    kind: 'recording',
    publicKey,
    sent,
    async send(target, payload) {
      const result: PushResult =
        forward && isLoopback(target.endpoint) ? await forward.send(target, payload) : { kind: 'sent' };
      sent.push({ target, payload, result });
      if (sent.length > RECORDED_MAX) sent.shift();
      return result;
    },
  };
}

/**
 * The transport the app runs with: with VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY the real adapter for
 * every endpoint; without them the recorder over the DATA_DIR keys (outside production) or none
 * (production: no push; e-mail still goes).
 */
export function createPushTransport(config: Config): PushTransport {
  const keys = vapidKeys(config);
  const subject = config.push.vapidSubject ?? `mailto:${config.supportEmail}`;
  if (!keys)
    return {
      kind: 'web-push',
      publicKey: null,
      send: async () => ({ kind: 'failed', error: 'push is off' }),
    };
  const real = createWebPush(keys, subject);
  return config.push.vapidPublicKey ? real : createRecordingPush(keys.publicKey, real);
}
