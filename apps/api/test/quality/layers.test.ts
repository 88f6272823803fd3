import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layers are enforced by lint (eslint.config.js: import-x/no-restricted-paths and
 * import-x/no-cycle; docs/layers.md). Each case lints a small piece of code as if it were the
 * file at that path in this repository, and expects the rule to refuse it, or, for an allowed
 * direction, to accept it. ESLint runs in one child process started at the root, as `npx eslint`
 * does: the TypeScript resolver finds the web's path aliases from there only. Web cases name
 * existing files, the only ones the alias resolver knows.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));

const CASES = {
  webFeatureToFeature: [
    'apps/web/src/features/dashboard/components/logout-button.tsx',
    "import { meQuery } from '@/features/auth/api/me';\nexport const query = meQuery;\n",
  ],
  webComponentToFeature: [
    'apps/web/src/components/layout/root-layout.tsx',
    "import { OffersHistory } from '@/features/offers';\nexport const history = OffersHistory;\n",
  ],
  kernelToFeature: [
    'apps/api/src/modules/app/lint-fixture.ts',
    "import { toOfferDto } from '../offers/offers.dto.ts';\nexport const dto = toOfferDto;\n",
  ],
  adapterToFeature: [
    'apps/api/src/modules/payments/sandbox-lint-fixture.ts',
    "import { toOfferDto } from '../offers/index.ts';\nexport const dto = toOfferDto;\n",
  ],
  featureToCompositionRoot: [
    'apps/api/src/modules/offers/lint-fixture.ts',
    "import { createServices } from '../../composition/services.ts';\nexport const make = createServices;\n",
  ],
  // public-profile.service imports offers.dto; offers.dto importing it back closes a cycle.
  cycle: [
    'apps/api/src/modules/offers/offers.dto.ts',
    "import { profileNotFound } from '../public-profile/public-profile.service.ts';\nexport const missing = profileNotFound;\n",
  ],
  // No file imports a test file, so no test file is in a cycle and no-cycle skips them (decision 058).
  testFileImported: [
    'apps/api/src/modules/offers/lint-fixture.ts',
    "import { describe } from './offers.transitions.test.ts';\nexport const suite = describe;\n",
  ],
  testFileImportedLater: [
    'apps/web/src/lib/lint-fixture.ts',
    "export const load = () => import('./i18n.test.ts');\n",
  ],
  webFeatureToLib: [
    'apps/web/src/features/dashboard/components/logout-button.tsx',
    "import { useLogout } from '@/lib/logout';\nexport const logout = useLogout;\n",
  ],
  featureToKernel: [
    'apps/api/src/modules/offers/lint-fixture.ts',
    "import { notFound } from '../app/errors.ts';\nexport const missing = notFound;\n",
  ],
  compositionToFeature: [
    'apps/api/src/composition/lint-fixture.ts',
    "import { publicProfilesSitemap } from '../modules/public-profile/index.ts';\nexport const source = publicProfilesSitemap;\n",
  ],
  // Each feature's face is its index.ts (docs/layers.md, decision 033).
  featureToInnerFile: [
    'apps/api/src/modules/licence/lint-fixture.ts',
    "import { updateProfile } from '../profile/profile.repo.ts';\nexport const update = updateProfile;\n",
  ],
  featureToRoutesFile: [
    'apps/api/src/modules/auth/lint-fixture.ts',
    "import { myDataDepsOf } from '../my-data/my-data.routes.ts';\nexport const deps = myDataDepsOf;\n",
  ],
  compositionToInnerFile: [
    'apps/api/src/composition/lint-fixture.ts',
    "import { profileRoutes } from '../modules/profile/profile.routes.ts';\nexport const routes = profileRoutes;\n",
  ],
  cliToInnerFile: [
    'apps/api/src/cli/lint-fixture.ts',
    "import { findAllInvoiceFailures } from '../modules/invoices/invoices.repo.ts';\nexport const find = findAllInvoiceFailures;\n",
  ],
  featureToFace: [
    'apps/api/src/modules/licence/lint-fixture.ts',
    "import { updateProfile } from '../profile/index.ts';\nexport const update = updateProfile;\n",
  ],
  featureToOwnFile: [
    'apps/api/src/modules/profile/lint-fixture.ts',
    "import { updateProfile } from './profile.repo.ts';\nexport const update = updateProfile;\n",
  ],
} as const;

type Found = Record<keyof typeof CASES, { rules: string[]; messages: string[] }>;

const LINT_CASES = `
import { ESLint } from 'eslint';
const cases = JSON.parse(process.argv[1]);
const eslint = new ESLint({ cwd: process.cwd() });
const found = {};
for (const [name, [file, code]] of Object.entries(cases)) {
  const [result] = await eslint.lintText(code, { filePath: file });
  const errors = (result?.messages ?? []).filter((m) => m.severity === 2);
  found[name] = { rules: errors.map((m) => m.ruleId), messages: errors.map((m) => m.message) };
}
console.log(JSON.stringify(found));
`;

let found: Found;

beforeAll(() => {
  const out = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', LINT_CASES, JSON.stringify(CASES)],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  found = JSON.parse(out) as Found;
}, 120_000);

describe('lint enforces the direction of imports', () => {
  it('refuses a web feature that imports another feature', () => {
    expect(found.webFeatureToFeature.rules).toEqual(['import-x/no-restricted-paths']);
    expect(found.webFeatureToFeature.messages[0]).toContain('A web feature imports no other feature');
  });

  it('refuses shared web components that import a feature', () => {
    expect(found.webComponentToFeature.rules).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuses the API kernel or an adapter that imports a feature', () => {
    expect(found.kernelToFeature.rules).toEqual(['import-x/no-restricted-paths']);
    expect(found.adapterToFeature.rules).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuses a feature that imports the composition root', () => {
    expect(found.featureToCompositionRoot.rules).toContain('import-x/no-restricted-paths');
  });

  it('refuses an import cycle', () => {
    expect(found.cycle.rules).toContain('import-x/no-cycle');
  });

  it('refuses an import of a test file, static or dynamic (so no test file closes a cycle)', () => {
    expect(found.testFileImported.rules).toContain('no-restricted-imports');
    expect(found.testFileImported.messages.join()).toContain('A test file is imported by nothing');
    expect(found.testFileImportedLater.rules).toEqual(['no-restricted-syntax']);
  });

  it('refuses a feature, the composition root or the CLI that imports an inner file of a feature', () => {
    expect(found.featureToInnerFile.rules).toEqual(['import-x/no-restricted-paths']);
    expect(found.featureToInnerFile.messages[0]).toContain('only through its face (index.ts)');
    expect(found.featureToRoutesFile.rules).toEqual(['import-x/no-restricted-paths']);
    expect(found.compositionToInnerFile.rules).toEqual(['import-x/no-restricted-paths']);
    expect(found.compositionToInnerFile.messages[0]).toContain('through their faces (index.ts)');
    expect(found.cliToInnerFile.rules).toEqual(['import-x/no-restricted-paths']);
  });

  it('accepts the allowed directions: feature to lib, feature to kernel, composition to features', () => {
    expect(found.webFeatureToLib.rules).toEqual([]);
    expect(found.featureToKernel.rules).toEqual([]);
    expect(found.compositionToFeature.rules).toEqual([]);
  });

  it("accepts a feature that imports another feature's face, or its own inner files", () => {
    expect(found.featureToFace.rules).toEqual([]);
    expect(found.featureToOwnFile.rules).toEqual([]);
  });
});
