import { lazy, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@jade/contracts/constants';

export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super(`Page chunk did not load within ${CHUNK_LOAD_TIMEOUT_MS} ms`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

// Chrome, Firefox and Safari each word a failed dynamic import differently.
const CHUNK_FAILURE_MESSAGE = /dynamically imported module|importing a module script failed/i;

export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof ChunkLoadTimeoutError ||
  (error instanceof TypeError && CHUNK_FAILURE_MESSAGE.test(error.message));

/** §9: a chunk that has not arrived after 120 s counts as failed, so the visitor is told to reload. */
export const withChunkTimeout = async <M>(load: Promise<M>): Promise<M> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), CHUNK_LOAD_TIMEOUT_MS);
  });
  try {
    return await Promise.race([load, timeout]);
  } finally {
    clearTimeout(timer);
  }
};

/**
 * A route's page: its chunk loads on first render (the route's Suspense shows meanwhile), under the
 * chunk timeout, or earlier through `preload` (the landing route's, routes.tsx). `prepare` adds what
 * the page needs beside its chunk when it renders (the language's late part, withLateStrings): not at
 * preload time, when the brand's language may not be known yet.
 */
export const lazyPage = <M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  prepare: (module: Promise<M>) => Promise<M> = (module) => module,
) => {
  let loading: Promise<M> | undefined;
  const preload = () => {
    if (!loading) {
      const started = (loading = load());
      // A preload that failed is not kept: the render asks again (and shows the failure if it fails too).
      started.catch(() => {
        if (loading === started) loading = undefined;
      });
    }
    return loading;
  };
  return Object.assign(
    lazy(async () => ({ default: pick(await withChunkTimeout(prepare(preload()))) })),
    { preload },
  );
};
