import { loadPasswordStrength } from '@substytut/shared/validation/password';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * The register and reset schemas estimate a new password's strength with dictionaries that are
 * loaded on demand (decision 015): the form's resolver waits for them, so a submit before the
 * meter has loaded them is still checked rather than failing. When they cannot be downloaded the
 * password field says so, instead of a submit that silently does nothing.
 */
export function withPasswordStrength<T extends FieldValues & { password: string }, C, O>(
  resolver: Resolver<T, C, O>,
): Resolver<T, C, O> {
  return async (values, context, options) => {
    try {
      await loadPasswordStrength();
    } catch {
      const errors = {
        password: { type: 'network', message: 'validation.passwordCheckOffline' },
      } as FieldErrors<T>;
      return { values: {}, errors };
    }
    return resolver(values, context, options);
  };
}
