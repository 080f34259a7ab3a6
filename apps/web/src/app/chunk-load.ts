import { createElement, lazy, type ComponentType } from 'react';
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

/** What a page needs beside its chunk before it renders (the language's late part: i18n.ts, lateStrings). */
export type PageNeed = {
  /** Starts it with the chunk's preload, when the brand's language may not be known yet. */
  preload: () => void;
  /** The chunk, answered once the need has arrived too. */
  wait: <M>(module: Promise<M>) => Promise<M>;
  isReady: () => boolean;
};

export type PageOptions = {
  /** What the page needs beside its chunk (the language's late part). */
  need?: PageNeed;
  /**
   * Rendered at once, without the route's loading state, when its chunk and need have arrived: for a
   * page whose first screen shows before its data (its own loading states). React holds a Suspense
   * boundary's content back for 300 ms after its fallback showed, which delayed the lottery lobby's
   * largest paint, its title (decision 0093). A page whose first screen is the frame's prefetched data
   * (the home page, the category pages: boot.tsx, PrefetchFrame) keeps that time for it to arrive.
   */
  isShownAtOnce?: boolean;
};

/**
 * A route's page: its chunk loads on first render (the route's Suspense shows meanwhile), under the
 * chunk timeout, or earlier through `preload` (the landing route's, routes.tsx), with what it needs.
 */
export const lazyPage = <M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  { need, isShownAtOnce = false }: PageOptions = {},
) => {
  let loading: Promise<M> | undefined;
  let loaded: M | undefined;
  // Once shown at once it stays so: a need lost later (a language switch whose late part failed) must
  // not unmount the page for the loading state.
  let isReady = false;
  const preload = () => {
    if (!loading) {
      need?.preload();
      const started = (loading = load());
      started.then(
        (module) => {
          loaded = module;
        },
        // A preload that failed is not kept: the render asks again (and shows the failure if it fails too).
        () => {
          if (loading === started) loading = undefined;
        },
      );
    }
    return loading;
  };
  const Lazy = lazy(async () => {
    const module = await withChunkTimeout(need ? need.wait(preload()) : preload());
    return { default: pick(module) };
  });
  const Page = (props: object) => {
    isReady ||= isShownAtOnce && loaded !== undefined && (need?.isReady() ?? true);
    return isReady ? createElement(pick(loaded!), props) : createElement(Lazy, props);
  };
  return Object.assign(Page, { preload });
};
