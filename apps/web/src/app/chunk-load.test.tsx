import { Suspense } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from './chunk-load';

const Page = () => <p>the page</p>;

describe('lazyPage', () => {
  afterEach(cleanup);

  it('loads the chunk once for a preload and the render, and waits for its need only at render', async () => {
    const load = vi.fn(() => Promise.resolve({ Page }));
    const waits = vi.fn();
    const need = {
      preload: vi.fn(),
      wait: <M,>(module: Promise<M>) => {
        waits();
        return module;
      },
      isReady: () => false,
    };
    const Lazy = lazyPage(load, (m) => m.Page, { need, isShownAtOnce: true });

    void Lazy.preload();
    void Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
    expect(need.preload).toHaveBeenCalledTimes(1);
    expect(waits).not.toHaveBeenCalled();

    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await screen.findByText('the page');
    expect(load).toHaveBeenCalledTimes(1);
    expect(waits).toHaveBeenCalledTimes(1);
  });

  it('renders at once, without the loading state, a page shown at once whose chunk and need have arrived', async () => {
    let isNeedReady = false;
    const need = { preload: vi.fn(), wait: <M,>(module: Promise<M>) => module, isReady: () => isNeedReady };
    const Lazy = lazyPage(
      () => Promise.resolve({ Page }),
      (m) => m.Page,
      { need, isShownAtOnce: true },
    );
    await Lazy.preload();
    // Not before its need has arrived.
    const { unmount } = render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    unmount();
    isNeedReady = true;

    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>,
    );
    // React would hold a suspended page's content back for 300 ms after the fallback showed.
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('asks again at render when the preload failed', async () => {
    const load = vi
      .fn<() => Promise<{ Page: typeof Page }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ Page });
    const Lazy = lazyPage(load, (m) => m.Page);

    await expect(Lazy.preload()).rejects.toThrow(TypeError);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>,
    );
    await screen.findByText('the page');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
