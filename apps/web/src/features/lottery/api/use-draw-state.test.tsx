import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDrawState } from './use-draw-state';

/** A stand-in for the browser's EventSource: the test opens, feeds and fails each stream. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  closed = false;
  private listeners = new Map<string, ((event: unknown) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, event: unknown = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  /** The server answered with something that is not a stream: the browser gives up on it. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.emit('error');
  }
  /** A dropped stream the browser is reconnecting by itself. */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.emit('error');
  }
  /** The server's state of the game: no draw open, nothing drawn yet. */
  send(gameCode: string) {
    this.readyState = FakeEventSource.OPEN;
    const state = { gameCode, open: null, latest: null, serverTime: new Date().toISOString() };
    this.emit('state', { data: JSON.stringify(state) });
  }
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useDrawState', () => {
  it("opens a game's stream and reads its state", () => {
    const { result, unmount } = renderHook(() => useDrawState('LOTTO_1M'), { wrapper });
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(FakeEventSource.opened[0]!.url).toBe('/lotto/lgw/games/events?gameCode=LOTTO_1M');
    act(() => FakeEventSource.opened[0]!.send('LOTTO_1M'));
    expect(result.current.state?.gameCode).toBe('LOTTO_1M');
    expect(result.current.isReconnecting).toBe(false);
    unmount();
    expect(FakeEventSource.opened[0]!.closed).toBe(true);
  });

  it('leaves a dropped stream to the browser, and opens a refused one again later, waiting longer each time', () => {
    const { result, unmount } = renderHook(() => useDrawState('LOTTO_1M'), { wrapper });
    act(() => FakeEventSource.opened[0]!.drop());
    expect(result.current.isReconnecting).toBe(true);
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeEventSource.opened).toHaveLength(1);

    // Maintenance: the answer is a 503, not a stream.
    act(() => FakeEventSource.opened[0]!.refuse());
    expect(result.current.isReconnecting).toBe(true);
    act(() => vi.advanceTimersByTime(4_999));
    expect(FakeEventSource.opened).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeEventSource.opened).toHaveLength(2);
    act(() => FakeEventSource.opened[1]!.refuse());
    act(() => vi.advanceTimersByTime(9_999));
    expect(FakeEventSource.opened).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeEventSource.opened).toHaveLength(3);

    // Back: the state arrives, and the wait starts again from the first.
    act(() => FakeEventSource.opened[2]!.send('LOTTO_1M'));
    expect(result.current.isReconnecting).toBe(false);
    act(() => FakeEventSource.opened[2]!.refuse());
    act(() => vi.advanceTimersByTime(5_000));
    expect(FakeEventSource.opened).toHaveLength(4);

    // Leaving the lobby stops the retries.
    act(() => FakeEventSource.opened[3]!.refuse());
    unmount();
    act(() => vi.advanceTimersByTime(120_000));
    expect(FakeEventSource.opened).toHaveLength(4);
  });
});
