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

/** A route's page: its chunk loads on first render (the route's Suspense shows meanwhile), under the chunk timeout. */
export const lazyPage = <M>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  lazy(async () => ({ default: pick(await withChunkTimeout(load())) }));
