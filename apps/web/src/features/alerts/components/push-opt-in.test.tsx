import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { stubFetch } from '../../../../test/fetch-stub';
import { renderWithApp } from '../../../../test/offers-api';
import { keyBytes } from '../lib/push';
import { PushOptIn } from './push-opt-in';

const ENDPOINT = 'https://push.example.test/send/abc';
// A P-256 public key's length in base64url (65 bytes), as the server answers it.
const VAPID_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

/** A browser's push machinery, with what the page asked of it. */
function fakeBrowser({
  permission = 'default' as NotificationPermission,
  answer = 'granted' as NotificationPermission,
  subscribed = false,
} = {}) {
  let subscription: PushSubscription | null = null;
  const unsubscribe = vi.fn(async () => {
    subscription = null;
    return true;
  });
  const makeSubscription = () =>
    ({
      endpoint: ENDPOINT,
      unsubscribe,
      toJSON: () => ({
        endpoint: ENDPOINT,
        expirationTime: null,
        keys: { p256dh: 'p256dh-key', auth: 'auth-secret' },
      }),
    }) as unknown as PushSubscription;
  if (subscribed) subscription = makeSubscription();
  const subscribe = vi.fn(async () => {
    subscription = makeSubscription();
    return subscription;
  });
  const registration = {
    pushManager: { getSubscription: async () => subscription, subscribe },
  } as unknown as ServiceWorkerRegistration;
  let registered = subscribed;
  const register = vi.fn(async () => {
    registered = true;
    return registration;
  });
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register,
      getRegistration: async () => (registered ? registration : undefined),
      ready: Promise.resolve(registration),
    },
  });
  return { register, subscribe, unsubscribe, notification };
}

let stub: ReturnType<typeof stubFetch>;

beforeEach(() => {
  setSession('token', { id: 1, email: 'jan@example.pl', role: 'user' });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  stub = stubFetch({
    'GET /api/csrf-cookie': { status: 204 },
    'GET /api/user/push-subscriptions/key': { body: { data: { public_key: VAPID_KEY } } },
    'POST /api/user/push-subscriptions': { status: 201, body: { data: { subscribed: true } } },
    'DELETE /api/user/push-subscriptions': { body: { data: { subscribed: false } } },
  });
  vi.stubGlobal('fetch', stub.fetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('browser notification opt-in', () => {
  it('says so when the browser has no notifications', async () => {
    renderWithApp(<PushOptIn />);
    expect(await screen.findByText(/Ta przeglądarka nie obsługuje powiadomień/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so when the site’s notifications are blocked, and offers no button that cannot work', async () => {
    fakeBrowser({ permission: 'denied' });
    renderWithApp(<PushOptIn />, { language: 'en' });
    expect(
      await screen.findByText(/Notifications are blocked in this browser's settings/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('asks for permission, registers the worker at the root, subscribes with the server’s key and sends the subscription', async () => {
    const user = userEvent.setup();
    const browser = fakeBrowser();
    renderWithApp(<PushOptIn />);
    expect(await screen.findByText('Ta przeglądarka nie otrzymuje powiadomień.')).toBeInTheDocument();
    expect(browser.register).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Włącz powiadomienia' }));
    expect(
      await screen.findByText('Ta przeglądarka otrzymuje powiadomienia o zleceniach.'),
    ).toBeInTheDocument();
    expect(browser.notification.requestPermission).toHaveBeenCalledOnce();
    expect(browser.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(browser.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(VAPID_KEY),
    });
    expect(stub.callsTo('POST', '/api/user/push-subscriptions')[0]?.body).toEqual({
      endpoint: ENDPOINT,
      keys: { p256dh: 'p256dh-key', auth: 'auth-secret' },
    });

    await user.click(screen.getByRole('button', { name: 'Wyłącz w tej przeglądarce' }));
    expect(await screen.findByText('Ta przeglądarka nie otrzymuje powiadomień.')).toBeInTheDocument();
    expect(stub.callsTo('DELETE', '/api/user/push-subscriptions')[0]?.body).toEqual({ endpoint: ENDPOINT });
    expect(browser.unsubscribe).toHaveBeenCalledOnce();
  });

  it('sends nothing when the user refuses at the browser’s prompt, and then explains the block', async () => {
    const user = userEvent.setup();
    fakeBrowser({ answer: 'denied' });
    renderWithApp(<PushOptIn />);
    await user.click(await screen.findByRole('button', { name: 'Włącz powiadomienia' }));
    expect(await screen.findByText(/Powiadomienia są zablokowane/)).toBeInTheDocument();
    expect(stub.callsTo('POST', '/api/user/push-subscriptions')).toHaveLength(0);
    expect(stub.callsTo('GET', '/api/user/push-subscriptions/key')).toHaveLength(0);
  });

  it('shows a browser already subscribed as on', async () => {
    fakeBrowser({ permission: 'granted', subscribed: true });
    renderWithApp(<PushOptIn />);
    expect(
      await screen.findByText('Ta przeglądarka otrzymuje powiadomienia o zleceniach.'),
    ).toBeInTheDocument();
  });

  it('says so when the browser cannot reach its push service, and sends nothing', async () => {
    const user = userEvent.setup();
    const browser = fakeBrowser();
    browser.subscribe.mockRejectedValueOnce(
      new DOMException('Registration failed - push service error', 'AbortError'),
    );
    renderWithApp(<PushOptIn />);
    await user.click(await screen.findByRole('button', { name: 'Włącz powiadomienia' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Przeglądarka nie połączyła się z usługą powiadomień.',
    );
    expect(stub.callsTo('POST', '/api/user/push-subscriptions')).toHaveLength(0);
  });

  it('shows the API’s error when the subscription cannot be saved', async () => {
    const user = userEvent.setup();
    fakeBrowser();
    stub = stubFetch({
      'GET /api/csrf-cookie': { status: 204 },
      'GET /api/user/push-subscriptions/key': { body: { data: { public_key: VAPID_KEY } } },
      'POST /api/user/push-subscriptions': {
        status: 429,
        body: { message: 'Too Many Requests', code: 'rate_limited', errors: {} },
      },
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithApp(<PushOptIn />, { language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/./));
    expect(screen.getByRole('button', { name: 'Turn on notifications' })).toBeEnabled();
  });
});
