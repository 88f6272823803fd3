/**
 * A load that is shared while it runs and kept once it succeeds; one that fails is forgotten, so
 * the next call tries again instead of handing out the same rejection.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    const loading = (pending ??= load());
    loading.catch(() => {
      if (pending === loading) pending = undefined;
    });
    return loading;
  };
}
