import { chromium, request as pwRequest } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const base = process.env.BASE ?? 'http://127.0.0.1:3301';
const out = '/tmp/h1-shots';
mkdirSync(out, { recursive: true });
const api = await pwRequest.newContext({ baseURL: base });

async function csrf() {
  const res = await api.get('/api/csrf-cookie');
  return { 'x-xsrf-token': /XSRF-TOKEN=([^;]+)/.exec(res.headers()['set-cookie'] ?? '')[1] };
}
async function lawyer(first, last) {
  const email = `shot-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const password = 'Haslo-Testowe-42!';
  const h = await csrf();
  await api.post('/api/register', { headers: h, data: { email, password, terms: true, 'cf-turnstile-response': 'local' } });
  let mail;
  for (let i = 0; i < 50 && !mail; i++) {
    const res = await api.get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
    mail = (await res.json()).data[0];
    if (!mail) await new Promise((r) => setTimeout(r, 200));
  }
  const verify = new URL(mail.links.find((l) => l.includes('/auth/verified/'))).pathname.split('/').slice(-2);
  await api.post(`/api/email/verify/${verify[0]}/${verify[1]}`, { headers: h });
  const login = await (await api.post('/api/login', { headers: h, data: { email, password, 'cf-turnstile-response': 'local' } })).json();
  const headers = { ...h, authorization: `Bearer ${login.data.token}` };
  const saved = await api.put('/api/user/profile', {
    headers,
    data: {
      firstname: first, lastname: last, phone: '+48 601 234 567', permissions: 'radca-prawny', licenseNo: 'WA-1',
      specialization: ['prawo-cywilne'], institution: 'oirp-warszawa', description: 'Radca prawny z Warszawy.',
      linkedinUrl: '', facebookUrl: '', jobs: [], references: [],
    },
  });
  const seolink = (await saved.json()).data.seolink;
  return { email, password, token: login.data.token, user: login.data.user, headers, seolink };
}

const live = await lawyer('Ewa', 'Zrzutowa');
const gone = await lawyer('Adam', 'Usunięty');
await api.post('/api/user/profile/stripe/createaccount', { headers: gone.headers }).then(async (r) => {
  const u = new URL((await r.json()).data.url);
  await api.post(u.pathname, { form: { token: u.searchParams.get('token'), action: 'complete' }, maxRedirects: 0 });
});
await api.post('/api/me/delete', { headers: gone.headers, data: { password: gone.password } });

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const pages = [
  { name: 'dashboard-data', path: '/dashboard/data', signedIn: true },
  { name: 'my-data', path: '/my-data' },
  { name: 'privacy-data', path: '/privacy/data' },
  { name: 'gone', path: `/u/${gone.seolink}` },
];
for (const lang of ['pl', 'en']) {
  for (const theme of ['light', 'dark']) {
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: lang === 'pl' ? 'pl-PL' : 'en-GB' });
      await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: base }]);
      await context.addInitScript(([t, u, th]) => {
        localStorage.setItem('substytut-theme', th);
        localStorage.setItem('auth_token', t);
        localStorage.setItem('user', u);
      }, [live.token, JSON.stringify(live.user), theme]);
      const page = await context.newPage();
      for (const p of pages) {
        await page.goto(`${base}/${lang}${p.path}`);
        await page.waitForLoadState('networkidle');
        if (p.name === 'dashboard-data' && lang === 'pl' && theme === 'light' && width === 1280) {
          await page.getByRole('button', { name: 'Przygotuj eksport danych' }).click();
          await page.getByRole('button', { name: 'Pobierz plik ZIP' }).waitFor();
        }
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${out}/${p.name}-${lang}-${theme}-${width}.png`, fullPage: true });
      }
      await context.close();
    }
  }
}
await browser.close();
console.log('done');
