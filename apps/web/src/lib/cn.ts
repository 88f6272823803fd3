import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names (clsx): conditional ones, lists, objects. It does not merge conflicting
 * Tailwind classes (decision 075): a component's variants say what a caller may change, and a
 * caller's className only places the component. `scripts/class-conflicts.mjs`, run by cn.test.ts
 * with tailwind-merge itself, fails on any pair of classes joined here that set the same thing.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
