import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// React Router's <Scripts> as it renders before hydration: the tags, then the module scripts.
const router = vi.hoisted(() => ({ handles: [] as unknown[] }));
vi.mock('react-router', async (original) => ({
  ...(await original<typeof import('react-router')>()),
  useMatches: () => router.handles.map((handle, i) => ({ id: String(i), handle })),
  Scripts: ({ nonce }: { nonce?: string }) => (
    <>
      <link rel="modulepreload" href="/assets/entry.client.js" nonce={nonce} />
      {['/assets/framework.js', '/assets/icons.js'].map((href) => (
        <link key={href} rel="modulepreload" href={href} nonce={nonce} />
      ))}
      <>
        <script nonce={nonce} data-testid="context" />
        <script type="module" nonce={nonce} data-testid="modules" />
      </>
    </>
  ),
}));

const { PageScripts, wantsModulePreload } = await import('./page-scripts');

describe('the scripts of a page (decision 030)', () => {
  beforeEach(() => {
    router.handles = [];
  });

  it('drop the modulepreload tags of a read-first page and keep its module scripts', () => {
    router.handles = [undefined, { i18n: ['marketing-home'] }];
    const { container } = render(<PageScripts nonce="n" />);
    // React 19 hoists rendered <link>s into <head>: look at the whole document.
    expect(document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    expect(container.querySelector('script[type="module"]')?.getAttribute('nonce')).toBe('n');
    expect(container.querySelectorAll('script')).toHaveLength(2);
  });

  it('keep every tag on a page whose route asks for them', () => {
    router.handles = [undefined, { modulePreload: true }, { i18n: ['auth'] }];
    const { container } = render(<PageScripts />);
    expect(document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(3);
    expect(container.querySelectorAll('script')).toHaveLength(2);
  });

  it('are asked for by the sign-in, dashboard and admin layouts only', async () => {
    expect(wantsModulePreload([undefined, {}, { modulePreload: false }])).toBe(false);
    for (const layout of [
      await import('./layouts/redirect-if-token'),
      await import('./layouts/require-token'),
      await import('./layouts/require-admin'),
    ]) {
      expect(wantsModulePreload([layout.handle])).toBe(true);
    }
    const site = (await import('./layouts/site')) as { handle?: unknown };
    expect(wantsModulePreload([site.handle])).toBe(false);
  });
});
