import { Suspense } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from './chunk-load';

const Page = () => <p>the page</p>;

describe('lazyPage', () => {
  afterEach(cleanup);

  it('loads the chunk once for a preload and the render, and prepares it only at render', async () => {
    const load = vi.fn(() => Promise.resolve({ Page }));
    const prepare = vi.fn((module: Promise<{ Page: typeof Page }>) => module);
    const Lazy = lazyPage(load, (m) => m.Page, prepare);

    void Lazy.preload();
    void Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
    expect(prepare).not.toHaveBeenCalled();

    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>,
    );
    await screen.findByText('the page');
    expect(load).toHaveBeenCalledTimes(1);
    expect(prepare).toHaveBeenCalledTimes(1);
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
