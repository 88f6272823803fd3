// The type check's canary (scripts/typecheck.mjs, decision 058): each line under a
// `@ts-expect-error` is a planted error that the compiler must report, or the directive itself
// fails the check. It shows the native compiler checks this workspace with its real options.
import { formatPln } from '@substytut/shared';
import { notFound } from '../src/modules/app/errors.ts';

// @ts-expect-error an error code comes from the catalogue
export const missing = notFound('errors.no_such_code');

// @ts-expect-error the shared package's types reach the API: an amount is grosze, a number
formatPln('12,00');

// @ts-expect-error Node's types: a variable may be unset
export const port: string = process.env.PORT;
