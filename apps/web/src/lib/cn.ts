import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { tailwindMergeConfig } from './tailwind-merge-config';

/**
 * tailwind-merge with the app's own configuration (decision 061): the default configuration cut to
 * the class groups the app uses, about 5 KB gzip lighter on every page. cn.test.ts proves it merges
 * every pair of the app's class names as `twMerge` does.
 */
const merge = createTailwindMerge(tailwindMergeConfig);

export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
