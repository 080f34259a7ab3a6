import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser } from './browser';
import { allowTestMembers, passEveryHumanCheck } from './members';
import { startServer, type TestServer } from './server';
import { addSession } from './session';

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
        this.problems.push(
          `request storm: ${request.method()} ${url} ${times.length} times within 2 s on ${page.url()}`,
        );
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

const PHONE = { width: 375, height: 812 };

export type MemberPageOptions = {
  viewport?: { width: number; height: number };
  /** Emulates prefers-reduced-motion: reduce (the default), so no animation delays a check. */
  reducedMotion?: boolean;
  /** Playwright's default timeout for the page's waits, in ms. */
  timeout?: number;
  /**
   * The site's language unless the page chose one: English by default; null leaves the brand's own
   * (the site's first visit).
   */
  language?: string | null;
  /** The session's isAgent (§3): 0, a member, by default; an agent's opens the agent centre. */
  isAgent?: number;
};

export type MemberBrowserFile = {
  /** Set in `beforeAll`: read them inside hooks and tests, not at the file's top level. */
  readonly server: TestServer;
  readonly browser: Browser;
  readonly watch: PageWatch;
  /**
   * A watched page in a context of its own (closed after the test) that starts with the member's
   * session (none for `null`: a visitor) and English (or `language`) unless the page chose a
   * language; a phone by default.
   */
  newPage: (token: string | null, options?: MemberPageOptions) => Promise<Page>;
};

/**
 * The hooks of a browser test file whose members register themselves: one server and one Chromium
 * for the file, the human check passed by a stand-in verifier, the brand's limits opened for test
 * members (`allowTestMembers`), then `setUp` (operators, brand settings; the server is ready). After each test its
 * contexts close and the page watch must have seen no problem.
 */
export function useMemberBrowserFile(
  setUp?: () => Promise<void>,
  /** false: the watch's problems do not fail the file (a known problem, to be fixed where it is). */
  { failOnPageProblems = true }: { failOnPageProblems?: boolean } = {},
): MemberBrowserFile {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let stopVerifier: (() => Promise<void>) | undefined;
  const contexts: BrowserContext[] = [];
  const watch = new PageWatch(() => file.server.baseUrl);
  const file: MemberBrowserFile = {
    get server() {
      if (!server) throw new Error('the server starts in beforeAll');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser starts in beforeAll');
      return browser;
    },
    watch,
    async newPage(
      token,
      { viewport = PHONE, reducedMotion = true, timeout = 10_000, language = 'EN', isAgent = 0 } = {},
    ) {
      const context = await file.browser.newContext({
        viewport,
        ...(reducedMotion && { reducedMotion: 'reduce' as const }),
      });
      context.setDefaultTimeout(timeout);
      contexts.push(context);
      if (language !== null)
        await context.addInitScript((chosen) => {
          if (!localStorage.getItem('language')) localStorage.setItem('language', chosen);
        }, language);
      if (token !== null) await addSession(context, { token, isAgent });
      return watch.watch(await context.newPage());
    },
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    stopVerifier = await passEveryHumanCheck(server);
    await allowTestMembers(server);
    await setUp?.();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await stopVerifier?.();
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    const problems = watch.take();
    if (failOnPageProblems) expect(problems).toEqual([]);
  });

  return file;
}

/**
 * What a member would call broken in what the page shows now, for a look pass in a language other than
 * English: elements wider than the screen (outside a scrolling box), and in the text of `scope`
 * (`main`, a dialog) a raw language key (`agentReports.moves.none`), a raw state (`APPROVED`,
 * `UPLINE_TRANSFER`) or a common English word.
 */
export const lookProblems = (page: Page, scope: string) =>
  page.evaluate((selector) => {
    const width = document.documentElement.clientWidth;
    const clipped = (el: Element) => {
      for (let up = el.parentElement; up; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX)) return true;
      }
      return false;
    };
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 1 || box.left < -1) && !clipped(el);
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
    const root = document.querySelector(selector) as HTMLElement | null;
    const text = root?.innerText ?? '';
    return {
      overflow: document.documentElement.scrollWidth > width ? ['the page scrolls sideways', ...wide] : wide,
      raw:
        text.match(
          /\b[a-z]+[A-Z]\w*\.[\w.]+|\b[A-Z]+(?:_[A-Z]+)+\b|\b(?:APPROVED|PENDING|PAID|REJECTED|RECEIVED|FAILED|TRANSFER|DEPOSIT|WITHDRAWAL|ACCEPTED|TERMINATED|the|and|of|No|Team|Member|Amount|Status|Page|Total|Loading)\b/g,
        ) ?? [],
    };
  }, scope);

/**
 * Counts each request (method and URL) of each document a page loads: a look pass fails one made more
 * than 3 times by one document (a new document loads its scripts again), and any failed request.
 */
export const countRequests = (page: Page) => {
  const failed: string[] = [];
  const repeats: string[] = [];
  let requests = new Map<string, number>();
  const settle = () => {
    for (const [key, count] of requests) if (count > 3) repeats.push(`${key} ×${count}`);
    requests = new Map();
  };
  page.on('requestfailed', (request) => {
    // A live stream (member events, lottery draws) is cut when the page navigates away: not a failure.
    const left = request.failure()?.errorText === 'net::ERR_ABORTED' && /\/events(\?|$)/.test(request.url());
    if (!left) failed.push(`${request.method()} ${request.url()}`);
  });
  page.on('request', (request) => {
    // A document request starts a new page: what the last one asked is counted and put away.
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) settle();
    const key = `${request.method()} ${request.url()}`;
    requests.set(key, (requests.get(key) ?? 0) + 1);
  });
  return {
    failed,
    repeated: () => {
      settle();
      return repeats;
    },
  };
};
