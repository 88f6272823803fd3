import { RootLayout } from '@/components/layout/root-layout';

/** Parent of every page: unprefixed, /pl and /en (the language itself is the root's). */
export default function Site() {
  return <RootLayout />;
}
