import {
  isPasswordStrengthLoaded,
  loadPasswordStrength,
  PASSWORD_MIN_LENGTH,
  passwordStrength,
  type PasswordScore,
} from '@substytut/shared/validation/password';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

// Spelled out so the locale check sees every key in use.
const SCORE_LABELS = {
  0: 'passwordStrength.levels.score0',
  1: 'passwordStrength.levels.score1',
  2: 'passwordStrength.levels.score2',
  3: 'passwordStrength.levels.score3',
  4: 'passwordStrength.levels.score4',
} as const satisfies Record<PasswordScore, string>;

const BAR_COLOURS: Record<PasswordScore, string> = {
  0: 'bg-destructive',
  1: 'bg-destructive',
  2: 'bg-warning-foreground',
  3: 'bg-success',
  4: 'bg-success',
};

/**
 * How guessable the typed password is, as a bar and, for everyone, as words in a polite live
 * region (the bar's colour is never the only sign). The estimator is loaded the first time a
 * password is typed here, never with the page (decision 015).
 */
export function PasswordStrengthMeter({
  id,
  password,
  email,
}: {
  id: string;
  password: string;
  email: string;
}) {
  const { t } = useTranslation('auth');
  const [loaded, setLoaded] = useState(isPasswordStrengthLoaded);

  useEffect(() => {
    if (loaded || password === '') return;
    let current = true;
    loadPasswordStrength().then(
      () => {
        if (current) setLoaded(true);
      },
      // The form's resolver loads it again on submit, and the server checks in any case.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [loaded, password]);

  let label: string | null = null;
  let filled = 0;
  let colour = BAR_COLOURS[0];
  if (password === '') label = null;
  else if (password.length < PASSWORD_MIN_LENGTH) {
    label = t('passwordStrength.levels.tooShort');
    filled = 1;
  } else if (!loaded) label = t('passwordStrength.levels.checking');
  else {
    const { score } = passwordStrength(password, email);
    label = t(SCORE_LABELS[score]);
    filled = score + 1;
    colour = BAR_COLOURS[score];
  }

  return (
    <div id={id} className="-mt-2 flex flex-col gap-1.5">
      {label !== null && (
        <div aria-hidden="true" className="grid grid-cols-5 gap-1">
          {[1, 2, 3, 4, 5].map((segment) => (
            <span
              key={segment}
              className={cn('h-1.5 rounded-full', segment <= filled ? colour : 'bg-muted')}
            />
          ))}
        </div>
      )}
      <p aria-live="polite" aria-atomic="true" className="min-h-4 text-xs text-muted-foreground">
        {label !== null && t('passwordStrength.label', { level: label })}
      </p>
    </div>
  );
}
