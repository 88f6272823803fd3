import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { withPasswordStrength } from './password-strength';

const load = vi.hoisted(() => vi.fn<() => Promise<void>>());
vi.mock('@substytut/shared/validation/password', async (original) => ({
  ...(await original<typeof import('@substytut/shared/validation/password')>()),
  loadPasswordStrength: load,
}));

type Values = { email: string; password: string };
const values: Values = { email: 'jan@example.com', password: 'Zielona-Sowa-Nad-Rzeka-7' };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];

describe('withPasswordStrength', () => {
  it('waits for the estimator, then lets the schema decide', async () => {
    load.mockResolvedValueOnce(undefined);
    const inner = vi.fn<Resolver<Values>>().mockResolvedValue({ values, errors: {} });
    expect(await withPasswordStrength(inner)(values, undefined, options)).toEqual({ values, errors: {} });
    expect(inner).toHaveBeenCalledOnce();
  });

  it('names the password field when the estimator cannot be downloaded, instead of failing silently', async () => {
    load.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    const inner = vi.fn<Resolver<Values>>();
    const result = await withPasswordStrength(inner)(values, undefined, options);
    expect(result.errors).toEqual({
      password: { type: 'network', message: 'validation.passwordCheckOffline' },
    });
    expect(inner).not.toHaveBeenCalled();
  });
});
