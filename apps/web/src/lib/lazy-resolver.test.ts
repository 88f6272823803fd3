import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver';

type Values = { email: string };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];

describe('lazyResolver (decision 037)', () => {
  it('loads the rules on the first validation only, and answers with them', async () => {
    const rules: Resolver<Values> = vi.fn(async (values) => ({ values, errors: {} }));
    const load = vi.fn(async () => rules);
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();

    await expect(resolver({ email: 'a@b.pl' }, undefined, options)).resolves.toEqual({
      values: { email: 'a@b.pl' },
      errors: {},
    });
    await resolver({ email: 'c@d.pl' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
    expect(rules).toHaveBeenCalledTimes(2);
  });

  it('tries the load again on the next validation after a failed one', async () => {
    const rules: Resolver<Values> = async () => ({ values: {}, errors: { email: { type: 'x' } } });
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(rules);
    const resolver = lazyResolver<Values>(load);

    await expect(resolver({ email: '' }, undefined, options)).rejects.toThrow('offline');
    await expect(resolver({ email: '' }, undefined, options)).resolves.toMatchObject({
      errors: { email: { type: 'x' } },
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
