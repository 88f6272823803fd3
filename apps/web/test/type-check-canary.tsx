// The type check's canary (scripts/typecheck.mjs, decision 058): each line under a
// `@ts-expect-error` is a planted error that the compiler must report, or the directive itself
// fails the check. It shows the native compiler checks this workspace with its real options.
import { formatPln } from '@substytut/shared/money';
import { Button } from '@/components/ui/button';

// @ts-expect-error a button's variant is one of the listed ones
export const wrongVariant = <Button variant="nope">x</Button>;

// @ts-expect-error the shared package's types reach the web: an amount is grosze, a number
formatPln('12,00');

// @ts-expect-error Vite's types: the mode is a string
export const mode: number = import.meta.env.MODE;
