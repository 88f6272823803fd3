import { loadPasswordStrength } from '@substytut/shared';
import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * The register and reset schemas estimate a new password's strength with dictionaries that are
 * loaded on demand (decision 015): the form's resolver waits for them, so a submit before the
 * meter has loaded them is still checked rather than failing.
 */
export function withPasswordStrength<T extends FieldValues, C, O>(
  resolver: Resolver<T, C, O>,
): Resolver<T, C, O> {
  return async (values, context, options) => {
    await loadPasswordStrength();
    return resolver(values, context, options);
  };
}
