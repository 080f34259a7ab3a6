import type { Page } from 'playwright-core';

/**
 * One request (method, URL and body) repeated more than this many times within the window is a storm
 * (a render loop). The body counts: a relay call's filters travel in it, so a member paging through
 * records makes different requests to one URL.
 */
const STORM_COUNT = 5;
const STORM_WINDOW_MS = 2_000;

type Expected = { path: string | RegExp; status?: number };

/**
 * Watches every page a browser test opens and collects what a user would call broken: a page error,
 * a same-origin answer of 4xx or 5xx the test did not say it expects, and one URL requested more than
 * five times within two seconds by one document. `afterEach` fails the test with `take()`.
 */
export class PageWatch {
  private readonly problems: string[] = [];
  private expected: Expected[] = [];

  /** `baseUrl` is read when a page is watched (the server starts after the watch is made). */
  constructor(private readonly baseUrl: () => string) {}

  /** Starts watching a page: call it for every page the test opens. */
  watch(page: Page): Page {
    const origin = new URL(this.baseUrl()).origin;
    const seen = new Map<string, number[]>();
    const stormed = new Set<string>();
    const navigations = new Set<string>();
    page.on('pageerror', (error) => this.problems.push(`page error on ${page.url()}: ${error.message}`));
    page.on('request', (request) => {
      const url = request.url();
      if (url.startsWith('data:')) return;
      const key = `${request.method()} ${url} ${request.postData() ?? ''}`;
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
        // A new document starts its own count: a test walking through pages loads the same styles and
        // scripts once a page, which is no loop. The documents themselves are still counted (a reload loop).
        for (const seenKey of seen.keys()) if (!navigations.has(seenKey)) seen.delete(seenKey);
        navigations.add(key);
      }
      const now = Date.now();
      const times = (seen.get(key) ?? []).filter((t) => now - t < STORM_WINDOW_MS);
      times.push(now);
      seen.set(key, times);
      if (times.length > STORM_COUNT && !stormed.has(key)) {
        stormed.add(key);
        this.problems.push(`request storm: ${request.method()} ${url} ${times.length} times within 2 s`);
      }
    });
    page.on('response', (response) => {
      const url = new URL(response.url());
      const status = response.status();
      if (url.origin !== origin || status < 400) return;
      if (this.expected.some((e) => matches(e, url.pathname, status))) return;
      this.problems.push(
        `unexpected ${status} for ${response.request().method()} ${url.pathname}${url.search}`,
      );
    });
    return page;
  }

  /** The test provokes this answer on purpose (a wrong password, a refused form): it is no problem. */
  expect(path: string | RegExp, status?: number) {
    this.expected.push({ path, ...(status !== undefined && { status }) });
  }

  /** What went wrong since the last call; the expectations end with the test. */
  take(): string[] {
    this.expected = [];
    return this.problems.splice(0);
  }
}

const matches = (expected: Expected, path: string, status: number) =>
  (expected.status === undefined || expected.status === status) &&
  (typeof expected.path === 'string' ? expected.path === path : expected.path.test(path));
