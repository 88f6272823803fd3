import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { stubFetch, type StubRoutes } from '../../../../test/fetch-stub';
import { renderWithApp } from '../../../../test/offers-api';
import type { BoardReferenceItem } from '../api/references';
import { ReferencesPage } from './references';

const ITEM: BoardReferenceItem = {
  id: 'ref-1',
  text: 'Rzetelnie i punktualnie, protokół jeszcze tego samego dnia.',
  month: '2026-10',
  published: false,
  poster_name: 'Ewa Zlecająca',
};

let stub: ReturnType<typeof stubFetch>;

function serve(routes: StubRoutes = {}) {
  stub = stubFetch({
    'GET /api/csrf-cookie': { status: 204 },
    'GET /api/user/board/references': { body: { data: { items: [ITEM] } } },
    'PUT /api/user/board/references/:id': (call) => ({
      body: { data: { ...ITEM, published: (call.body as { published: boolean }).published } },
    }),
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetch);
}

beforeEach(() => {
  setSession('token', { id: 1, email: 'jan@example.pl', role: 'user' });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('board references', () => {
  it('explains where published references show, and publishes one', async () => {
    const user = userEvent.setup();
    serve();
    renderWithApp(<ReferencesPage />);
    expect(screen.getByText(/potwierdzone wykonanym zleceniem/)).toBeInTheDocument();
    expect(await screen.findByText(ITEM.text)).toBeInTheDocument();
    expect(screen.getByText('Ewa Zlecająca, październik 2026')).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Pokaż na wizytówce' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Pokaż na wizytówce' })).toBeChecked());
    expect(screen.getByText('Opublikowana')).toBeInTheDocument();
    expect(stub.callsTo('PUT', '/api/user/board/references/ref-1')[0]?.body).toEqual({ published: true });
  });

  it('leaves the switch as it was when the API refuses', async () => {
    const user = userEvent.setup();
    serve({
      'PUT /api/user/board/references/:id': {
        status: 404,
        body: { message: 'Not Found', code: 'board.not_found', errors: {} },
      },
    });
    renderWithApp(<ReferencesPage />, { language: 'en' });
    await user.click(await screen.findByRole('switch', { name: 'Show on my page' }));
    await waitFor(() => expect(stub.callsTo('PUT', '/api/user/board/references/ref-1')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Show on my page' })).not.toBeChecked());
    expect(screen.getByText('Not published')).toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    serve({ 'GET /api/user/board/references': { body: { data: { items: [] } } } });
    renderWithApp(<ReferencesPage />, { language: 'en' });
    expect(await screen.findByText(/You have no references from the board yet/)).toBeInTheDocument();
  });
});
