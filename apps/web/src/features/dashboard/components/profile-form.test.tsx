import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import {
  blankProfile,
  completeProfile,
  createFakeDashboardApi,
  pdfFile,
  pngFile,
  type FakeDashboardApi,
} from '../../../../test/dashboard-api';
import { FIRST_FIELD_DELAY_MS } from './profile-form';
import { renderApp } from '../../../../test/render-app';

// The first render loads the dashboard's lazy chunk, which takes a while in jsdom.
// What these waits wait for shows in the document, and a change to it re-checks at once (Testing
// Library's MutationObserver): the timed re-check is only a fallback, 250 ms apart instead of 50.
const LOAD = { timeout: 15_000, interval: 250 };
let api: FakeDashboardApi;

function serve(fake: FakeDashboardApi) {
  api = fake;
  vi.stubGlobal('fetch', fake.fetch);
  vi.stubGlobal('XMLHttpRequest', fake.XMLHttpRequest);
}

beforeEach(() => {
  localStorage.setItem('i18nextLng', 'pl');
  setSession('token', { id: 1, email: 'jan@example.pl', role: 'user' });
  // jsdom lacks what Radix Popover, cmdk and the photo preview use.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  Element.prototype.scrollIntoView = () => undefined;
  window.scrollTo = () => undefined;
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function openEditor(profile = blankProfile()) {
  serve(createFakeDashboardApi(profile));
  const user = userEvent.setup();
  // Spec 2: the first field gets the focus after 0.8 s. Those 0.8 s pass on the test's clock, not
  // the wall's: Vitest's fake `setTimeout` only, still advancing with real time, from the first
  // render until the delay is over.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  let view: ReturnType<typeof renderApp>;
  try {
    view = renderApp('/dashboard/profile');
    await screen.findByRole('heading', { name: 'Dane podstawowe' }, LOAD);
    await act(() => vi.advanceTimersByTimeAsync(FIRST_FIELD_DELAY_MS));
  } finally {
    vi.useRealTimers();
  }
  await waitFor(() => expect(screen.getByLabelText(/^Imię/)).toHaveFocus(), { timeout: 5000 });
  return { user, ...view };
}

const jobBlock = (n: number) => screen.getByRole('group', { name: `Stanowisko ${n}` });
const referenceBlock = (n: number) => screen.getByRole('group', { name: `Referencja ${n}` });

describe('job blocks', () => {
  it('can be appended only when position, employer, start and an end (or stillWorking) are filled', async () => {
    const { user } = await openEditor();
    const add = () => within(jobBlock(1)).getByRole('button', { name: 'Dodaj stanowisko' });

    expect(add()).toHaveAttribute('aria-disabled', 'true');
    await user.click(add());
    expect(screen.queryByRole('group', { name: 'Stanowisko 2' })).not.toBeInTheDocument();

    const first = within(jobBlock(1));
    await user.type(first.getByLabelText(/^Stanowisko/), 'Associate');
    await user.type(first.getByLabelText(/^Pracodawca/), 'Kancelaria X');
    await user.selectOptions(first.getByLabelText(/^Miesiąc rozpoczęcia/), 'marzec');
    await user.selectOptions(first.getByLabelText(/^Rok rozpoczęcia/), '2020');
    expect(add()).toHaveAttribute('aria-disabled', 'true');

    // An end month alone is not enough; month and year are.
    await user.selectOptions(first.getByLabelText('Miesiąc zakończenia'), 'maj');
    expect(add()).toHaveAttribute('aria-disabled', 'true');
    await user.selectOptions(first.getByLabelText('Rok zakończenia'), '2021');
    expect(add()).toHaveAttribute('aria-disabled', 'false');

    await user.click(add());
    expect(jobBlock(2)).toBeInTheDocument();
    // The add button moved to the last block; the first one offers delete instead.
    expect(within(jobBlock(1)).queryByRole('button', { name: 'Dodaj stanowisko' })).not.toBeInTheDocument();
    expect(within(jobBlock(2)).getByRole('button', { name: 'Dodaj stanowisko' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(jobBlock(2)).queryByRole('button', { name: /Usuń/ })).not.toBeInTheDocument();

    await user.click(within(jobBlock(1)).getByRole('button', { name: 'Usuń stanowisko 1' }));
    expect(screen.queryByRole('group', { name: 'Stanowisko 2' })).not.toBeInTheDocument();
    expect(within(jobBlock(1)).getByLabelText(/^Stanowisko/)).toHaveValue('');
  });

  it('ticking stillWorking clears and disables the end fields and allows appending', async () => {
    const { user } = await openEditor();
    const first = within(jobBlock(1));
    await user.type(first.getByLabelText(/^Stanowisko/), 'Associate');
    await user.type(first.getByLabelText(/^Pracodawca/), 'Kancelaria X');
    await user.selectOptions(first.getByLabelText(/^Miesiąc rozpoczęcia/), '3');
    await user.selectOptions(first.getByLabelText(/^Rok rozpoczęcia/), '2020');
    await user.selectOptions(first.getByLabelText('Miesiąc zakończenia'), '5');

    await user.click(first.getByRole('checkbox', { name: 'Nadal tu pracuję' }));

    expect(first.getByLabelText('Miesiąc zakończenia')).toHaveValue('');
    expect(first.getByLabelText('Miesiąc zakończenia')).toBeDisabled();
    expect(first.getByLabelText('Rok zakończenia')).toBeDisabled();
    expect(first.getByRole('button', { name: 'Dodaj stanowisko' })).toHaveAttribute('aria-disabled', 'false');

    await user.click(first.getByRole('checkbox', { name: 'Nadal tu pracuję' }));
    expect(first.getByLabelText('Rok zakończenia')).toBeEnabled();
  });

  it('lists 61 years, newest first, and Polish month names', async () => {
    await openEditor();
    const years = within(within(jobBlock(1)).getByLabelText(/^Rok rozpoczęcia/)).getAllByRole('option');
    const current = new Date().getFullYear();
    // One placeholder plus 61 years.
    expect(years).toHaveLength(62);
    expect(years[1]).toHaveTextContent(String(current));
    expect(years[61]).toHaveTextContent(String(current - 60));
    const months = within(within(jobBlock(1)).getByLabelText(/^Miesiąc rozpoczęcia/)).getAllByRole('option');
    expect(months.map((m) => m.textContent)).toEqual([
      'Miesiąc',
      'styczeń',
      'luty',
      'marzec',
      'kwiecień',
      'maj',
      'czerwiec',
      'lipiec',
      'sierpień',
      'wrzesień',
      'październik',
      'listopad',
      'grudzień',
    ]);
  });
});

describe('reference blocks', () => {
  it('can be appended once the author or the description is filled', async () => {
    const { user } = await openEditor();
    const add = () => within(referenceBlock(1)).getByRole('button', { name: 'Dodaj referencję' });
    expect(add()).toHaveAttribute('aria-disabled', 'true');

    await user.type(within(referenceBlock(1)).getByLabelText(/^Treść referencji/), 'Polecam');
    expect(add()).toHaveAttribute('aria-disabled', 'false');
    await user.click(add());
    expect(referenceBlock(2)).toBeInTheDocument();
    expect(within(referenceBlock(1)).getByRole('button', { name: 'Usuń referencję 1' })).toBeInTheDocument();

    await user.type(within(referenceBlock(2)).getByLabelText(/^Autor/), 'Anna');
    expect(within(referenceBlock(2)).getByRole('button', { name: 'Dodaj referencję' })).toHaveAttribute(
      'aria-disabled',
      'false',
    );
  });
});

describe('bio', () => {
  it('counts characters and stops typing at 200', async () => {
    const { user } = await openEditor();
    const bio = screen.getByLabelText(/^Krótki opis \(bio\)/);
    expect(screen.getByText('0/200')).toBeInTheDocument();
    await user.click(bio);
    await user.paste('x'.repeat(195));
    await user.type(bio, 'abcdefghij');
    expect(bio).toHaveValue(`${'x'.repeat(195)}abcde`);
    expect(screen.getByText('200/200')).toBeInTheDocument();
  });
});

describe('specialization multi-select', () => {
  it('shows at most two badges and "+ N więcej", and "Brak wyników." for an empty search', async () => {
    const { user } = await openEditor();
    const trigger = screen.getByRole('combobox', { name: /^Specjalizacja/ });
    expect(trigger).toHaveTextContent('Wybierz specjalizacje');

    await user.click(trigger);
    for (const name of ['Prawo cywilne', 'Prawo karne', 'Prawo pracy', 'Prawo podatkowe']) {
      const option = await screen.findByRole('option', { name });
      await user.click(option);
    }
    expect(screen.getByRole('option', { name: 'Prawo karne' })).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{Escape}');

    expect(trigger).toHaveTextContent('Prawo cywilne');
    expect(trigger).toHaveTextContent('Prawo karne');
    expect(trigger).not.toHaveTextContent('Prawo pracy');
    expect(trigger).toHaveTextContent('+ 2 więcej');

    // Choosing again removes a value.
    await user.click(trigger);
    await user.click(await screen.findByRole('option', { name: 'Prawo karne' }));
    await user.keyboard('{Escape}');
    expect(trigger).toHaveTextContent('Prawo pracy');
    expect(trigger).toHaveTextContent('+ 1 więcej');

    await user.click(trigger);
    await user.type(screen.getByRole('combobox', { name: 'Szukaj...' }), 'qqqzzz');
    expect(await screen.findByText('Brak wyników.')).toBeInTheDocument();
  });

  it('offers only the chambers of the chosen profession; an empty search says "Nie znaleziono."', async () => {
    const { user } = await openEditor();
    const institution = screen.getByRole('combobox', { name: /^Izba/ });
    expect(institution).toBeDisabled();

    await user.selectOptions(screen.getByLabelText(/^Uprawnienia/), 'Adwokat');
    await user.click(institution);
    expect(await screen.findByRole('option', { name: 'Izba Adwokacka w Krakowie' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Okręgowa Izba Radców Prawnych/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Izba Adwokacka w Krakowie' }));
    expect(institution).toHaveTextContent('Izba Adwokacka w Krakowie');

    // Another kind of profession clears a chamber that no longer fits.
    await user.selectOptions(screen.getByLabelText(/^Uprawnienia/), 'Radca prawny');
    expect(institution).toHaveTextContent('Wybierz izbę');

    await user.click(institution);
    await user.type(screen.getByRole('combobox', { name: 'Szukaj...' }), 'Atlantyda');
    expect(await screen.findByText('Nie znaleziono.')).toBeInTheDocument();
  });
});

describe('the licence panel beside the editor (issue 34)', () => {
  it('names the chamber of the profession chosen in the form at once, before the profile is saved', async () => {
    const { user } = await openEditor();
    const panel = screen.getByRole('region', { name: 'Weryfikacja uprawnień' });
    // A new profile counts as a legal counsel's until a profession is chosen.
    expect(panel).toHaveTextContent('okręgowej izby radców prawnych');

    await user.selectOptions(screen.getByLabelText(/^Uprawnienia/), 'Adwokat');
    expect(panel).not.toHaveTextContent('radców prawnych');
    expect(panel).toHaveTextContent('sprawdź je w rejestrze adwokatów');
    expect(within(panel).getByText('Rejestr adwokatów')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText(/^Uprawnienia/), 'Aplikant radcowski');
    expect(panel).toHaveTextContent('okręgowej izby radców prawnych');
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});

describe('photo checks', () => {
  it('refuses a photo smaller than 480x480 and previews a large enough one', async () => {
    const { user } = await openEditor();
    await user.upload(screen.getByLabelText('Wybierz zdjęcie'), pngFile(300, 600));
    // The size reader loads with the first photo checked (decision 056).
    expect(await screen.findByRole('alert', {}, LOAD)).toHaveTextContent(
      'Zdjęcie musi mieć co najmniej 480x480 pikseli',
    );

    await user.upload(screen.getByLabelText('Wybierz zdjęcie'), pngFile(600, 600));
    await waitFor(() => expect(screen.queryByText(/co najmniej 480x480 pikseli/)).not.toBeInTheDocument());
    // The error goes as soon as the new file is picked; the preview follows once it is decoded.
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Podgląd zdjęcia profilowego' })).toHaveAttribute(
        'src',
        'blob:preview',
      ),
    );
  });

  it('refuses a CV that is not pdf, doc or docx', async () => {
    await openEditor();
    // The picker's `accept` filters the dialog; the check must also hold for a file that gets past it.
    const user = userEvent.setup({ applyAccept: false });
    const picker = screen.getByLabelText('Wybierz plik CV');
    await user.upload(picker, new File(['x'], 'cv.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('CV musi być plikiem PDF, DOC lub DOCX');
    expect(screen.getByText('PDF, DOC lub DOCX, maks. 5 MB')).toBeInTheDocument();
  });
});

describe('saving', () => {
  it('uploads the photo, then the CV, then saves and reloads the profile, then shows the view', async () => {
    const { user } = await openEditor(completeProfile());
    await user.upload(screen.getByLabelText('Wybierz zdjęcie'), pngFile(600, 600));
    await user.upload(screen.getByLabelText('Wybierz plik CV'), pdfFile());
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));

    expect(await screen.findByRole('heading', { name: 'Jan Kowalski' }, LOAD)).toBeInTheDocument();
    expect(api.log()).toEqual([
      'GET /api/user/profile',
      'POST /api/user/profile/image',
      'POST /api/user/profile/cv',
      'PUT /api/user/profile',
      'GET /api/user/profile',
    ]);
    expect(screen.getByText('Wgrano zdjęcie profilowe')).toBeInTheDocument();
    expect(screen.getByText('Wgrano CV')).toBeInTheDocument();
    expect(screen.getByText('Zapisano poprawnie')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dane podstawowe' })).not.toBeInTheDocument();
    // The view reads the reloaded profile: job line with 'nadal pracuje' and the stored photo.
    expect(screen.getByText('Associate - Kancelaria X (marzec 2020 - nadal pracuje)')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Zdjęcie profilowe: Jan Kowalski' })).toHaveAttribute(
      'src',
      '/storage/profiles/1/photo.webp',
    );
  });

  it('stops at the first failure, shows the error and enables the button again', async () => {
    const { user } = await openEditor(completeProfile());
    api.failing.add('cv');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.upload(screen.getByLabelText('Wybierz zdjęcie'), pngFile(600, 600));
    await user.upload(screen.getByLabelText('Wybierz plik CV'), pdfFile());
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));

    expect(await screen.findByText('Wystąpił błąd')).toBeInTheDocument();
    expect(api.log()).toEqual([
      'GET /api/user/profile',
      'POST /api/user/profile/image',
      'POST /api/user/profile/cv',
    ]);
    expect(console.error).toHaveBeenCalledWith('Failed to upload CV file', expect.anything());
    expect(screen.getByRole('button', { name: 'Zapisz' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Dane podstawowe' })).toBeInTheDocument();

    // The next try does not send the photo that already arrived.
    api.failing.delete('cv');
    api.calls.length = 0;
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByRole('heading', { name: 'Jan Kowalski' }, LOAD)).toBeInTheDocument();
    expect(api.log()).toEqual([
      'POST /api/user/profile/cv',
      'PUT /api/user/profile',
      'GET /api/user/profile',
    ]);
  });

  it('stops before anything else when the photo upload fails', async () => {
    const { user } = await openEditor(completeProfile());
    api.failing.add('image');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.upload(screen.getByLabelText('Wybierz zdjęcie'), pngFile(600, 600));
    await user.upload(screen.getByLabelText('Wybierz plik CV'), pdfFile());
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));

    expect(await screen.findByText('Wystąpił błąd')).toBeInTheDocument();
    expect(api.log()).toEqual(['GET /api/user/profile', 'POST /api/user/profile/image']);
    expect(console.error).toHaveBeenCalledWith('Failed to upload avatar image', expect.anything());
    expect(screen.getByRole('button', { name: 'Zapisz' })).toBeEnabled();
  });

  it('drops empty blocks before validating, and shows the server field errors on the fields', async () => {
    // The server's year list ends in 2015, so the form's 2020 passes here and fails there.
    const profile = completeProfile();
    serve(createFakeDashboardApi(profile, { now: new Date('2015-06-01T10:00:00Z') }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderApp('/dashboard/profile');
    await screen.findByRole('heading', { name: 'Dane podstawowe' }, LOAD);

    // An empty reference block (the form always offers one) is not sent.
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Rok jest wymagana')).toBeInTheDocument();
    expect(within(jobBlock(1)).getByLabelText(/^Rok rozpoczęcia/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.log()).toEqual(['GET /api/user/profile', 'PUT /api/user/profile']);
    expect(screen.getByText('Wystąpił błąd')).toBeInTheDocument();
  });

  it('does not send a form with invalid fields', async () => {
    const { user } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findAllByText('Pole wymagane')).toHaveLength(2);
    // The single empty job block is kept, so its rules apply.
    expect(within(jobBlock(1)).getByText('Pozycja jest wymagana')).toBeInTheDocument();
    expect(api.log()).toEqual(['GET /api/user/profile']);
  });
});

// Issue 32: the training start, which the board's trainee rule counts from.
describe('training start of a trainee', () => {
  const trainingStart = () => screen.queryByRole('group', { name: 'Początek aplikacji' });

  it('is shown only for the two trainee professions, with why it is asked, and saved as YYYY-MM', async () => {
    const { user } = await openEditor(completeProfile());
    const permissions = screen.getByLabelText(/^Uprawnienia/);
    expect(trainingStart()).not.toBeInTheDocument();

    await user.selectOptions(permissions, 'Aplikant radcowski');
    const group = within(trainingStart()!);
    expect(group.getByText(/6 miesiącach aplikacji.*18 miesiącach.*art\. 77.*art\. 35/)).toBeInTheDocument();
    const lastYear = String(new Date().getFullYear() - 1);
    await user.selectOptions(group.getByLabelText('Miesiąc'), 'październik');
    await user.selectOptions(group.getByLabelText('Rok'), lastYear);

    await user.selectOptions(permissions, 'Radca prawny');
    expect(trainingStart()).not.toBeInTheDocument();
    await user.selectOptions(permissions, 'Adwokat');
    expect(trainingStart()).not.toBeInTheDocument();
    await user.selectOptions(permissions, 'Aplikant adwokacki');
    expect(within(trainingStart()!).getByLabelText('Miesiąc')).toHaveValue('10');

    // Back to the legal counsel's chamber (changing the kind of chamber emptied it).
    await user.selectOptions(permissions, 'Aplikant radcowski');
    await user.click(screen.getByRole('combobox', { name: /^Izba/ }));
    await user.click(await screen.findByRole('option', { name: 'Okręgowa Izba Radców Prawnych w Warszawie' }));
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByRole('heading', { name: 'Jan Kowalski' }, LOAD)).toBeInTheDocument();
    expect(api.profile.training_start).toBe(`${lastYear}-10`);
  });

  it('is not sent for a profession that is not a trainee’s', async () => {
    const { user } = await openEditor(completeProfile({ permissions: 'aplikant-radcowski', training_start: '2024-10' }));
    expect(within(trainingStart()!).getByLabelText('Rok')).toHaveValue('2024');
    await user.selectOptions(screen.getByLabelText(/^Uprawnienia/), 'Radca prawny');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByRole('heading', { name: 'Jan Kowalski' }, LOAD)).toBeInTheDocument();
    expect(api.profile.training_start).toBeNull();
  });

  it('the view asks a trainee without it to add it, and shows it once given', async () => {
    serve(
      createFakeDashboardApi(
        completeProfile({ status: 'active', stripeAccountId: 'acct_1', permissions: 'aplikant-radcowski' }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/dashboard/profile');
    expect(await screen.findByRole('heading', { name: 'Jan Kowalski' }, LOAD)).toBeInTheDocument();
    expect(screen.getByText(/Podaj w profilu miesiąc i rok rozpoczęcia aplikacji/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Uzupełnij' }));
    const group = within(await screen.findByRole('group', { name: 'Początek aplikacji' }, LOAD));
    await user.selectOptions(group.getByLabelText('Miesiąc'), 'październik');
    await user.selectOptions(group.getByLabelText('Rok'), '2024');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('październik 2024', {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByText(/Podaj w profilu miesiąc i rok/)).not.toBeInTheDocument();
  });

  it('refuses a month without its year and sends nothing', async () => {
    const { user } = await openEditor(completeProfile({ permissions: 'aplikant-radcowski' }));
    await user.selectOptions(within(trainingStart()!).getByLabelText('Miesiąc'), 'marzec');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Wybierz miesiąc i rok rozpoczęcia aplikacji')).toBeInTheDocument();
    expect(api.log()).toEqual(['GET /api/user/profile']);
  });
});

describe('view', () => {
  it('opens an active profile as the view with the payment dashboard and Edit buttons', async () => {
    serve(
      createFakeDashboardApi(
        completeProfile({
          status: 'active',
          stripeAccountId: 'acct_1',
          jobs: [
            {
              positionName: 'Aplikant',
              employerName: 'Kancelaria Y',
              monthStart: '10',
              yearStart: '2015',
              monthEnd: '9',
              yearEnd: '2019',
              stillWorking: false,
            },
          ],
          references: [
            { author: 'Anna Nowak', description: 'Rzetelnie i na czas.' },
            { author: 'Piotr Zieliński', description: 'Polecam współpracę.' },
          ],
        }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/dashboard/profile');
    expect(await screen.findByRole('heading', { name: 'Jan Kowalski' }, LOAD)).toBeInTheDocument();
    expect(
      screen.getByText('Aplikant - Kancelaria Y (październik 2015 - wrzesień 2019)'),
    ).toBeInTheDocument();
    expect(screen.getByText('+48 123 456 789')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Panel płatności' })).toBeInTheDocument();

    expect(screen.getByText('Rzetelnie i na czas.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Następna referencja' }));
    expect(screen.getByText('Polecam współpracę.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '2 z 2' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edytuj' }));
    expect(await screen.findByRole('heading', { name: 'Dane podstawowe' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Imię/)).toHaveValue('Jan');
  });

  it('asks before cancelling changed edits: staying keeps them, discarding returns to the view', async () => {
    serve(createFakeDashboardApi(completeProfile({ status: 'active', stripeAccountId: 'acct_1' })));
    const user = userEvent.setup();
    renderApp('/dashboard/profile');
    await user.click(await screen.findByRole('button', { name: 'Edytuj' }, LOAD));
    const firstName = await screen.findByLabelText(/^Imię/);
    await user.clear(firstName);
    await user.type(firstName, 'Janusz');

    await user.click(screen.getByRole('button', { name: 'Anuluj' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Czy napewno?' });
    expect(dialog).toHaveTextContent('Niezapisane zmiany w formularzu zostaną utracone.');
    await user.click(within(dialog).getByRole('button', { name: 'Zostań' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Imię/)).toHaveValue('Janusz');

    await user.click(screen.getByRole('button', { name: 'Anuluj' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Czy napewno?' })).getByRole('button', {
        name: 'Odrzuć zmiany',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Jan Kowalski' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Imię/)).not.toBeInTheDocument();
  });
});
