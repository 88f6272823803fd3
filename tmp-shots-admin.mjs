import { chromium, request as pwRequest } from '@playwright/test';
const base = 'http://127.0.0.1:3301';
const api = await pwRequest.newContext({ baseURL: base });
const res = await api.get('/api/csrf-cookie');
const h = { 'x-xsrf-token': /XSRF-TOKEN=([^;]+)/.exec(res.headers()['set-cookie'] ?? '')[1] };
const login = await (await api.post('/api/login', { headers: h, data: { email: 'admin@substytut.local', password: 'Demo-Admin-Substytut', 'cf-turnstile-response': 'local' } })).json();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [lang, theme, width] of [['pl', 'light', 1280], ['en', 'dark', 375]]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: base }]);
  await context.addInitScript(([t, u, th]) => { localStorage.setItem('substytut-theme', th); localStorage.setItem('auth_token', t); localStorage.setItem('user', u); }, [login.data.token, JSON.stringify(login.data.user), theme]);
  const page = await context.newPage();
  await page.goto(`${base}/${lang}/admin`);
  await page.waitForLoadState('networkidle');
  const button = page.getByRole('button', { name: lang === 'pl' ? /Usuń konto: Ewa/ : /Delete account: Ewa/ });
  await button.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/h1-shots/admin-${lang}-${theme}-${width}.png` });
  await button.click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/h1-shots/admin-dialog-${lang}-${theme}-${width}.png` });
  await context.close();
}
await browser.close();
console.log('done');
