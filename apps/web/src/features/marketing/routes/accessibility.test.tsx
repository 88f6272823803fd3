import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPPORT_EMAIL } from '@/config/constants';
import { offlineFetch, renderApp } from '../../../../test/render-app';

const LOAD = { timeout: 10_000 };

beforeEach(() => vi.stubGlobal('fetch', offlineFetch()));
afterEach(() => vi.unstubAllGlobals());

describe('accessibility statement', () => {
  it('states the standard, the checks, the known limits, the date and where to report a barrier (pl)', async () => {
    renderApp('/pl/accessibility');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deklaracja dostępności' }, LOAD)).toBeVisible();
    expect(screen.getByText(/WCAG 2\.1 .*na poziomie AA/)).toBeInTheDocument();
    expect(screen.getByText(/Dz\.U\. 2024 poz\. 731/)).toBeInTheDocument();
    const checks = screen.getByRole('region', { name: 'Jak to sprawdzamy' });
    expect(within(checks).getByText(/axe .*w obu językach.*jasnym i ciemnym.*375 px.*1280 px/)).toBeInTheDocument();
    expect(within(checks).getByText(/samą klawiaturą/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Znane ograniczenia' })).getAllByRole('listitem')).toHaveLength(3);
    const report = screen.getByRole('region', { name: 'Zgłoś barierę' });
    expect(within(report).getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    expect(screen.getByText('Deklarację sporządzono 24 listopada 2026.')).toBeInTheDocument();
  });

  it('is in English under /en, and the footer links to it in both languages', async () => {
    renderApp('/en/accessibility');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accessibility statement' }, LOAD)).toBeVisible();
    expect(screen.getByText('This statement was prepared on 24 November 2026.')).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Accessibility statement' })).toHaveAttribute(
      'href',
      '/en/accessibility',
    );
  });
});

describe('careers', () => {
  it("is a real page that says there are no open positions and how to write to us, reached from About's team button", async () => {
    const { router } = renderApp('/pl/about');
    const join = await screen.findByRole('link', { name: 'Dołącz do nas' }, LOAD);
    expect(join).toHaveAttribute('href', '/pl/careers');
    await act(() => router.navigate('/pl/careers'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pracuj z nami' }, LOAD)).toBeVisible();
    expect(screen.getByText('Obecnie nie prowadzimy żadnej rekrutacji.')).toBeInTheDocument();
    const write = screen.getByRole('region', { name: 'Napisz do nas' });
    expect(within(write).getByRole('link', { name: 'Napisz do nas' })).toHaveAttribute('href', '/pl/contact');
    expect(within(write).getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
  });
});
