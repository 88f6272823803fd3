// The type check's canary (scripts/typecheck.mjs, decision 058): each line under a
// `@ts-expect-error` is a planted error that the compiler must report, or the directive itself
// fails the check. It shows the native compiler checks this workspace with its real options.
import { formatPln } from '../src/money.ts';

// @ts-expect-error an amount is grosze, a number
formatPln('12,00');

// @ts-expect-error noUncheckedIndexedAccess: an element may be missing
export const first: string = ['a'][0];
