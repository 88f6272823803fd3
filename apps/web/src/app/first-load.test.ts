import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What stays off a page's first load (decision 037), pinned at its source: a value import brings a
 * module into the page's chunks, a type import does not. Loaded on demand instead: the sign-in
 * forms' zod rules (through `lazyResolver` and `features/auth/lib/form-rules.ts`), and the courts
 * list, which the public profile's labels do not need.
 */
const src = path.resolve(import.meta.dirname, '..');

function valueImports(file: string): string[] {
  const text = readFileSync(path.join(src, file), 'utf8');
  return [...text.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)';/gms)].map((match) => match[1]!);
}

describe('first-load imports (decision 037)', () => {
  it.each([
    'features/auth/components/login-form.tsx',
    'features/auth/components/register-form.tsx',
    // The sandbox's dialog holds its form since issue 33 (below).
    'features/auth/components/sandbox-google-dialog.tsx',
    'features/auth/routes/forgot-password.tsx',
  ])('%s takes its zod rules on demand', (file) => {
    const imports = valueImports(file);
    expect(imports).not.toContain('@hookform/resolvers/zod');
    expect(imports).not.toContain('zod');
    expect(imports.filter((name) => name.startsWith('@substytut/shared/validation/auth'))).toEqual([]);
    expect(readFileSync(path.join(src, file), 'utf8')).toContain("import('../lib/form-rules')");
  });

  it('the board’s marketing page imports neither the shared index, the courts nor any rules (issue 32)', () => {
    const imports = valueImports('features/marketing/routes/board.tsx');
    expect(imports.filter((name) => name.startsWith('@substytut/shared') || name === 'zod')).toEqual([]);
    expect(imports.some((name) => name.includes('features/alerts') || name.includes('features/admin'))).toBe(
      false,
    );
  });

  it('the public page’s board references and the poster’s prefill import neither the shared index nor zod (issue 32)', () => {
    for (const file of [
      'features/public-profile/components/board-references.tsx',
      'features/public-profile/api/poster-prefill.ts',
    ]) {
      const imports = valueImports(file);
      expect(imports, file).not.toContain('@substytut/shared');
      expect(imports, file).not.toContain('zod');
      expect(
        imports.filter((name) => /@substytut\/shared\/(substitution|validation|contract\/board)/.test(name)),
        file,
      ).toEqual([]);
    }
  });

  it('the public profile labels do not import the courts list', () => {
    const imports = valueImports('lib/profile-labels.ts');
    expect(imports.some((name) => /reference-data\/(index|courts)/.test(name))).toBe(false);
  });
});

/**
 * The translations a public page loads first (decision 055): the layout's `common` (with the cookie
 * banner's `consent.*` since decision 070) and the page's own namespace. Each marketing page has
 * its own file; the error catalogue (`errors`) loads where a form or a failed call shows its
 * messages, not on every page.
 */
describe('first-load translations (decision 055)', () => {
  const localesDir = path.join(src, 'locales');

  it('the layout namespaces leave the error catalogue out', async () => {
    const { LAYOUT_NAMESPACES } = await import('@/lib/i18n');
    expect([...LAYOUT_NAMESPACES]).toEqual(['common']);
  });

  it.each([
    ['home', 'marketing-home'],
    ['about', 'marketing-about'],
    ['contact', 'marketing-contact'],
    ['faq', 'marketing-faq'],
    ['features', 'marketing-features'],
    ['pricing', 'marketing-pricing'],
    ['for-lawyers', 'marketing-for-lawyers'],
    ['for-law-firms', 'marketing-for-law-firms'],
    ['accessibility', 'marketing-accessibility'],
    ['careers', 'marketing-careers'],
    ['board', 'marketing-board'],
  ])('the %s page loads its own texts (%s) and no other page’s', (page, namespace) => {
    const text = readFileSync(path.join(src, `features/marketing/routes/${page}.tsx`), 'utf8');
    expect(text).toContain(`const NAMESPACE = '${namespace}';`);
    expect(text).toMatch(/export const handle = \{ i18n: \[NAMESPACE(, 'errors')?\] \};/);
    expect(text.match(/'marketing(-[a-z-]+)?'/g) ?? []).toEqual([`'${namespace}'`]);
    for (const language of ['pl', 'en']) {
      const file = JSON.parse(
        readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8'),
      ) as object;
      expect(Object.keys(file), `${language}/${namespace}`).toHaveLength(1);
    }
  });

  it('there is no translation file of every marketing page at once', () => {
    for (const language of ['pl', 'en'])
      expect(readdirSync(path.join(localesDir, language))).not.toContain('marketing.json');
  });

  it('the not-found page needs only the layout’s texts, and the public profile takes the catalogue with step 2', () => {
    const notFound = readFileSync(path.join(src, 'features/errors/routes/not-found.tsx'), 'utf8');
    expect(notFound).toContain("useTranslation('common')");
    expect(notFound).not.toMatch(/'errors'/);
    const profile = readFileSync(path.join(src, 'features/public-profile/routes/public-profile.tsx'), 'utf8');
    expect(profile).toContain("export const handle = { i18n: ['public-profile'] };");
    // Step 2's loader (decision 061: moved beside the page, to be tried again after a failure).
    const stepTwo = readFileSync(
      path.join(src, 'features/public-profile/lib/invoice-form-loader.ts'),
      'utf8',
    );
    // Decision 066: and step 2's own texts with it.
    expect(stepTwo).toContain("import('../components/invoice-form')");
    expect(stepTwo).toContain("loadNamespaces(['errors', 'public-profile-form'])");
    expect(profile).toContain("from '../lib/invoice-form-loader'");
  });

  it('the public profile’s first load leaves step 2’s texts out: they load with its form (decision 066)', () => {
    for (const language of ['pl', 'en']) {
      const page = JSON.parse(
        readFileSync(path.join(localesDir, language, 'public-profile.json'), 'utf8'),
      ) as object;
      const form = JSON.parse(
        readFileSync(path.join(localesDir, language, 'public-profile-form.json'), 'utf8'),
      ) as object;
      expect(Object.keys(page), language).not.toContain('form');
      expect(Object.keys(form), language).toEqual(['form']);
    }
    for (const file of ['invoice-form.tsx', 'grantor-fields.tsx']) {
      const text = readFileSync(path.join(src, 'features/public-profile/components', file), 'utf8');
      expect(text, file).not.toContain("useTranslation('public-profile')");
      expect(text, file).toContain(
        "useTranslation(['public-profile-form', 'public-profile'], { nsMode: 'fallback' })",
      );
    }
  });
});

describe('the dashboard’s first load (issue 33, decision 056)', () => {
  it('the sidebar’s offer entry takes the form and its preview on demand, without zod, the rules or the courts', () => {
    const file = 'features/offers/components/offer-link-form.tsx';
    const imports = valueImports(file);
    expect(imports.filter((name) => name.startsWith('@substytut/shared') || name === 'zod')).toEqual([]);
    expect(imports).not.toContain('react-hook-form');
    expect(imports.some((name) => /hearing|offer-form-body|preview-dialog/.test(name))).toBe(false);
    const text = readFileSync(path.join(src, file), 'utf8');
    expect(text).toContain("import('./offer-form-body')");
    expect(text).toContain("import('./preview-dialog')");
  });

  it('the profile tab takes the editor on demand, and the photo’s size reader with the first photo', () => {
    const profile = 'features/dashboard/routes/profile.tsx';
    expect(valueImports(profile).some((name) => name.includes('profile-form'))).toBe(false);
    expect(readFileSync(path.join(src, profile), 'utf8')).toContain("import('../components/profile-form')");
    expect(valueImports('features/dashboard/lib/file-checks.ts')).not.toContain('image-size');
  });

  it('the sign-in page takes the sandbox Google dialog on demand, with Radix’s dialog and its form', () => {
    const file = 'features/auth/components/sandbox-google-sign-in.tsx';
    const imports = valueImports(file);
    expect(
      imports.some((name) =>
        /components\/ui\/dialog|react-hook-form|radix-ui|sandbox-google-dialog/.test(name),
      ),
    ).toBe(false);
    expect(readFileSync(path.join(src, file), 'utf8')).toContain("import('./sandbox-google-dialog')");
  });

  it('react-toastify loads with the first toast, not with the toast API', () => {
    const text = readFileSync(path.join(src, 'lib/toast.ts'), 'utf8');
    expect(valueImports('lib/toast.ts').some((name) => name.startsWith('react-toastify'))).toBe(false);
    expect(text).toContain("import('react-toastify/unstyled')");
  });

  it('the shared package declares no import side effects, so a page takes only the modules it uses', () => {
    const manifest = JSON.parse(
      readFileSync(path.resolve(src, '../../../packages/shared/package.json'), 'utf8'),
    );
    expect(manifest.sideEffects).toBe(false);
  });
});

describe('what every page loads (issue 33, decision 070)', () => {
  it('the root takes the not-found page only when a page fails, and the button no Radix slot', () => {
    const root = valueImports('app/root.tsx');
    expect(root).not.toContain('@/features/errors/routes/not-found');
    expect(readFileSync(path.join(src, 'app/root.tsx'), 'utf8')).toContain("import('@/features/errors/routes/not-found')");
    expect(valueImports('components/ui/button.tsx')).not.toContain('radix-ui');
  });

  it('the header’s theme button leaves the inline theme choice (mobile menu, dashboard) to its own module', () => {
    const imports = valueImports('components/layout/theme-switch.tsx');
    expect(imports).not.toContain('./theme-options');
    expect(imports).not.toContain('@/components/theme/theme-provider');
  });

  it('the layout’s texts leave out the parts only the API’s pages show; those pages name them', () => {
    for (const language of ['pl', 'en']) {
      const common = JSON.parse(readFileSync(path.join(src, `locales/${language}/common.json`), 'utf8'));
      const parts = JSON.parse(readFileSync(path.join(src, `locales/${language}/parts.json`), 'utf8'));
      for (const key of ['settlement', 'hearingReport', 'filePicker', 'document']) {
        expect(common).not.toHaveProperty(key);
        expect(parts).toHaveProperty(key);
      }
    }
    for (const route of [
      'app/routes/dashboard/layout.tsx',
      'features/admin/routes/admin.tsx',
      'features/payment/routes/offer-done.tsx',
      'app/routes/privacy.tsx',
      'app/routes/terms.tsx',
    ])
      expect(readFileSync(path.join(src, route), 'utf8')).toMatch(/handle = \{ i18n: \[[^\]]*'parts'/);
  });
});
