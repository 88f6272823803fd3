import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineFetch, renderApp } from '../../../../test/render-app';

describe('FAQ page', () => {
  beforeEach(() => vi.stubGlobal('fetch', offlineFetch()));
  afterEach(() => vi.unstubAllGlobals());

  it('has five sections and keeps one answer open across all of them', async () => {
    renderApp('/pl/faq');
    await screen.findByRole('heading', { level: 1, name: 'Najczęściej zadawane pytania' }, { timeout: 10_000 });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
      expect.arrayContaining(['Ogólne', 'Dla prawników', 'Dla kancelarii', 'Płatności', 'Kwestie techniczne']),
    );
    const general = screen.getByRole('button', { name: 'Czym jest Substytut?' });
    const payments = screen.getByRole('button', { name: 'Kiedy otrzymam wynagrodzenie?' });
    await act(async () => fireEvent.click(general));
    expect(general).toHaveAttribute('aria-expanded', 'true');
    await act(async () => fireEvent.click(payments));
    expect(payments).toHaveAttribute('aria-expanded', 'true');
    expect(general).toHaveAttribute('aria-expanded', 'false');
    await act(async () => fireEvent.click(payments));
    expect(document.querySelectorAll('[aria-expanded="true"]')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Skontaktuj się z nami' })).toHaveAttribute('href', '/pl/contact');
  });
});
