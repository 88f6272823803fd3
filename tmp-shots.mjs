import { chromium } from '@playwright/test';
const base = process.argv[2];
const out = '/tmp/shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const pages = (process.argv[3] ?? '/pl,/en,/pl/accessibility,/en/careers').split(',');
for (const path of pages) {
  for (const theme of ['light', 'dark']) {
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await context.addCookies([{ name: 'cookie_consent', value: 'true', url: base }]);
      await context.addInitScript((t) => localStorage.setItem('substytut-theme', t), theme);
      const page = await context.newPage();
      await page.goto(base + path, { waitUntil: 'networkidle' });
      const name = `${path.replace(/\W+/g, '_')}-${theme}-${width}.png`;
      await page.screenshot({ path: `${out}/${name}`, fullPage: false });
      await context.close();
    }
  }
}
await browser.close();
console.log('ok');
