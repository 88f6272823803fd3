import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose rules load on first use (decision 037): the zod schemas and their resolver
 * stay off the page's first load and arrive with the first validation (a keystroke in an
 * `onChange` form, or the submit), which waits for them. A load that fails is tried again on the
 * next validation. Create it once per form, at module level, so the loaded rules are kept.
 */
export function lazyResolver<T extends FieldValues, C = unknown, O = T>(
  load: () => Promise<Resolver<T, C, O>>,
): Resolver<T, C, O> {
  let pending: Promise<Resolver<T, C, O>> | undefined;
  return async (values, context, options) => {
    const loading = (pending ??= load());
    let resolver: Resolver<T, C, O>;
    try {
      resolver = await loading;
    } catch (error) {
      if (pending === loading) pending = undefined;
      throw error;
    }
    return resolver(values, context, options);
  };
}
