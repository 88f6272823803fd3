/**
 * How guessable a password is, estimated by zxcvbn-ts with its Polish and English dictionaries
 * (docs/decisions/015-passwords-and-stored-text.md). The dictionaries weigh megabytes, so they are
 * loaded on demand: the server once at start, the web when a password field is first used. Until
 * then the estimate is unavailable and the schemas that need it say so loudly rather than let a
 * weak password through.
 */

export const PASSWORD_MIN_LENGTH = 8;
/** Hashing cost grows with the input; longer passwords are refused rather than hashed. */
export const PASSWORD_MAX_LENGTH = 128;
/**
 * zxcvbn's score runs 0 to 4; 3 means about 10^8 guesses or more ("safely unguessable"), the level
 * its authors recommend for a password that guards money.
 */
export const PASSWORD_MIN_SCORE = 3;
/**
 * Only the first characters are estimated: the repeat matcher's cost grows steeply with length,
 * and 64 characters that are not a repetition of a weak part are strong anyway.
 */
const ESTIMATED_LENGTH = 64;

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordStrength {
  score: PasswordScore;
  /** At least PASSWORD_MIN_SCORE. */
  strong: boolean;
}

type Estimate = (password: string, userInputs: string[]) => PasswordScore;

let estimate: Estimate | null = null;
let loading: Promise<void> | null = null;

/**
 * The Polish lists spell words with their diacritics ('hasło'), while people type passwords
 * without them ('haslo'). zxcvbn's own fuzzy matching would find them but costs a tenth of a
 * second or more per check; the folded copies of the lists cost a few milliseconds once.
 */
function foldDiacritics(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').replace(/ł/g, 'l').replace(/Ł/g, 'L');
}

async function createEstimate(): Promise<Estimate> {
  const [{ ZxcvbnFactory }, common, en, pl] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
    import('@zxcvbn-ts/language-pl'),
  ]);
  const polishFolded: Record<string, string[]> = {};
  for (const [name, words] of Object.entries(pl.dictionary)) {
    const folded = words.map(foldDiacritics).filter((word, i) => word !== words[i]);
    polishFolded[`${name}-pl`] = words;
    polishFolded[`${name}-pl-folded`] = folded;
  }
  const zxcvbn = new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary, ...polishFolded },
    graphs: common.adjacencyGraphs,
  });
  return (password, userInputs) =>
    zxcvbn.check(password.slice(0, ESTIMATED_LENGTH), userInputs).score as PasswordScore;
}

/** Loads the estimator once; later calls share the first load. A failed load may be retried. */
export function loadPasswordStrength(): Promise<void> {
  loading ??= createEstimate().then(
    (ready) => {
      estimate = ready;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export function isPasswordStrengthLoaded(): boolean {
  return estimate !== null;
}

/**
 * Words of the account's e-mail address, which a password must not lean on:
 * 'jan.kowalski@kancelaria.pl' gives the address, 'jan.kowalski', 'jankowalski', 'jan',
 * 'kowalski' and 'kancelaria'.
 */
export function passwordUserInputs(email: string): string[] {
  const address = email.trim().toLowerCase();
  if (address === '') return [];
  const [local = '', domain = ''] = address.split('@');
  const parts = local.split(/[^\p{L}\p{N}]+/u);
  const words = [address, local, parts.join(''), ...parts, ...domain.split('.').slice(0, -1)];
  return [...new Set(words.filter((word) => word.length >= 3))];
}

/** The strength of `password` for the account `email`. Throws until loadPasswordStrength() resolved. */
export function passwordStrength(password: string, email = ''): PasswordStrength {
  if (!estimate)
    throw new Error('The password strength estimator is not loaded: await loadPasswordStrength()');
  const score = estimate(password, passwordUserInputs(email));
  return { score, strong: score >= PASSWORD_MIN_SCORE };
}
