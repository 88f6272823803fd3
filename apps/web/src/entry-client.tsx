import '@/styles/index.css';
import { startWhenWanted } from '@/components/hydration/hydrate-on-intent';
import { watchLanguageChoices } from '@/lib/language-detection';
import { removeLoadingCopy } from '@/lib/server-page';

watchLanguageChoices(document);
removeLoadingCopy(document);

// The app's code is a separate chunk: on a page that waits for the visitor's first input it is
// only fetched (the prerender preloads it), not run (docs/decisions/010-hydrate-on-intent.md).
void startWhenWanted(() => import('@/app/start-app').then(({ startApp }) => startApp())).catch((error: unknown) =>
  console.error('start', error),
);
