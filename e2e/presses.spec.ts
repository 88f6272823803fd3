import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createActiveLawyer, createOfferFor } from './support/lawyer';

/*
 * A press made soon after a page loads acts, exactly once (decision 064): on a CPU slowed down six
 * times (as a busy test machine or a cheap phone is), each control is pressed at three moments of
 * its page's start: as soon as it shows (before the app's script has run), once the document is
 * parsed (the app's script and the page's code are loading; its texts came in the HTML, decision
 * 074), and while React hydrates the page (it has
 * taken the document, the page is not live yet). React 19 drops a press on a tree it cannot
 * hydrate at once, and a form's button then submitted the form natively, reloading the page; the
 * head script holds every press until the page is live and presses it again then. Each control's
 * answer must show, and a menu that opens on pointer down must still be open once the page is
 * live (pressed once, not twice).
 */

const SLOWER = 6;

type Moment = 'shown' | 'parsed' | 'hydrating';
const MOMENTS: Moment[] = ['shown', 'parsed', 'hydrating'];

/**
 * React's mark on the container it hydrates: set when `hydrateRoot` takes the document, and kept
 * once the page is live (a page that got there between two polls gets an ordinary press, at once
 * rather than after the wait's limit).
 */
const reactHasTheDocument = () => Object.keys(document).some((key) => key.startsWith('__reactContainer$'));

async function pressAt(page: Page, path: string, control: () => Locator, moment: Moment): Promise<void> {
  await page.goto(path, { waitUntil: moment === 'parsed' ? 'domcontentloaded' : 'commit' });
  if (moment !== 'hydrating') {
    await control().click();
    return;
  }
  // Where the control is, so the press needs no further look at the page once the moment comes.
  await expect(control()).toBeVisible();
  const box = await control().boundingBox();
  if (!box) throw new Error(`no box for the control on ${path}`);
  // Polled every 10 ms.
  await page.waitForFunction(reactHasTheDocument, undefined, { polling: 10, timeout: 30_000 });
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** After the page is live and the held presses were pressed again (a task after its effects). */
async function live(page: Page): Promise<void> {
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1, { timeout: 30_000 });
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
      ),
  );
}

const cases: {
  name: string;
  width: number;
  path: (page: Page) => Promise<string> | string;
  control: (page: Page) => Locator;
  answer: (page: Page) => Locator;
}[] = [
  {
    name: 'the header site menu on a phone (a dialog opened on click)',
    width: 375,
    path: () => '/en/careers',
    control: (page) => page.getByRole('button', { name: 'Open menu' }),
    answer: (page) => page.getByRole('dialog'),
  },
  {
    name: 'the header theme menu on a wide screen (a menu opened on pointer down)',
    width: 1280,
    path: () => '/en/careers',
    control: (page) => page.getByRole('button', { name: 'Change theme' }),
    answer: (page) => page.getByRole('menu'),
  },
  {
    name: 'the sandbox Google sign-in (a dialog loaded on demand)',
    width: 1280,
    path: () => '/pl/auth',
    control: (page) => page.getByRole('button', { name: 'Zaloguj się przez Google' }),
    answer: (page) => page.getByRole('dialog').getByLabel('Adres e-mail'),
  },
  {
    name: 'the login form (a submit button; its rules load on demand)',
    width: 1280,
    path: () => '/en/auth/login',
    control: (page) => page.getByRole('button', { name: 'Log in', exact: true }),
    answer: (page) => page.locator('[aria-invalid="true"]').first(),
  },
  {
    name: 'step 2 of the public page (its form loaded on demand)',
    width: 375,
    path: async (page) => {
      const lawyer = await createActiveLawyer(page.request, { firstname: 'Zofia', lastname: 'Prędka' });
      const offer = await createOfferFor(page.request, lawyer, { title: 'Rozprawa naciśnięta wcześnie', price: '120' });
      const url = new URL(offer.absoluteUrl);
      return `${url.pathname}${url.search}`;
    },
    control: (page) => page.getByRole('button', { name: 'Nawiąż współpracę' }),
    answer: (page) => page.getByRole('form', { name: 'Formularz danych do faktury' }),
  },
];

test.describe('a press soon after a page loads', () => {
  for (const item of cases) {
    test(`acts exactly once: ${item.name}`, async ({ page, baseURL }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width: item.width, height: 800 });
      await page.context().addCookies([{ name: 'cookie_consent', value: 'necessary', url: baseURL ?? '' }]);
      const path = await item.path(page);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWER });
      for (const moment of MOMENTS) {
        await test.step(`pressed when ${moment}`, async () => {
          await pressAt(page, path, () => item.control(page), moment);
          await expect(item.answer(page)).toBeVisible({ timeout: 30_000 });
          await live(page);
          await expect(item.answer(page)).toBeVisible();
        });
      }
    });
  }
});
