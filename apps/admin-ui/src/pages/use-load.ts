import { useCallback, useEffect, useState } from 'preact/hooks';

/** Loads data when its inputs change; `reload` fetches again (after a change the page made). */
export function useLoad<T>(load: () => Promise<T>, inputs: readonly unknown[]): { data?: T; error?: string; reload: () => void } {
  const [state, setState] = useState<{ data?: T; error?: string }>({});
  const run = useCallback(load, inputs);
  const reload = useCallback(() => {
    run().then(
      (data) => setState({ data }),
      (error: unknown) => setState({ error: (error as Error).message }),
    );
  }, [run]);
  useEffect(reload, [reload]);
  return { ...state, reload };
}
