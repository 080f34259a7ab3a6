import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useMemberBrowserFile } from './support/harness';
import { apiCall } from './support/members';
import { repoRoot } from './support/server';

/**
 * The demo agent's payroll tables (daily, hourly and real-time salary: 10 columns; dividends: 11) fit
 * the agent centre at 1366 px in English and Vietnamese, nothing scrolling sideways in their box; a
 * 375 px phone shows them as cards, the page never wider than the screen.
 */
const SCREENSHOT_DIR = path.join(repoRoot, 'test-results', 'screenshots');
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 375, height: 812 };
const LANGUAGES = {
  EN: {
    centre: 'Agent centre',
    menu: 'Agent centre menu',
    panels: ['Daily salary', 'Hourly salary', 'Real-time salary', 'Dividend records'],
  },
  TY: {
    centre: 'Trung tâm đại lý',
    menu: 'Menu trung tâm đại lý',
    panels: ['Lương ngày', 'Lương giờ', 'Lương thời gian thực', 'Lịch sử cổ tức'],
  },
} as const;

let token: string;

const file = useMemberBrowserFile(async () => {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  // The demo's agent team, a month of bets and every kind of payroll paid (npm start builds the same).
  await file.server.runCli(['demo', 'agents']);
  const login = await apiCall(
    file.server.baseUrl,
    'POST',
    '/wps/session/login',
    { username: 'demoagent', password: 'demo12345' },
    { sealed: true },
  );
  expect(login.success, JSON.stringify(login)).toBe(true);
  token = login.value.token as string;
});

const agentPage = async (language: keyof typeof LANGUAGES, viewport: typeof DESKTOP): Promise<Page> => {
  // The member's language on the server wins at load (issue 22 item 8).
  await apiCall(file.server.baseUrl, 'PUT', '/wps/member/language', { language }, { token });
  const page = await file.newPage(token, { viewport, timeout: 15_000, language, isAgent: 1 });
  await page.goto(`${file.server.baseUrl}/index`);
  return page;
};

/** The payroll table's box: how wide its table is, and the right edge of its last heading. */
const measure = (page: Page) =>
  page
    .getByRole('dialog')
    .locator('.agent-payroll .wallet-table-wrap')
    .evaluate((wrap) => {
      const headings = wrap.querySelectorAll('th');
      const last = headings[headings.length - 1]!.getBoundingClientRect();
      const box = wrap.getBoundingClientRect();
      return {
        columns: headings.length,
        scrollWidth: wrap.scrollWidth,
        clientWidth: wrap.clientWidth,
        lastHeadingInside: last.right <= box.right + 1,
        // A status badge's words on more than one line (one client rectangle a line of text).
        wrappedBadges: [...wrap.querySelectorAll('.wallet-badge')]
          .filter((badge) => {
            const range = document.createRange();
            range.selectNodeContents(badge);
            return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
          })
          .map((badge) => badge.textContent),
        pageWidth: document.documentElement.scrollWidth,
      };
    });

describe('the agent centre payroll tables', () => {
  it.each(Object.keys(LANGUAGES) as (keyof typeof LANGUAGES)[])(
    'fit the box at 1366 px without scrolling sideways, and show cards at 375 px (%s)',
    async (language) => {
      const names = LANGUAGES[language];
      for (const viewport of [DESKTOP, PHONE]) {
        const page = await agentPage(language, viewport);
        const entry = page.getByRole('button', { name: names.centre });
        // At 375 px the entry is at the far end of the member summary, which scrolls sideways.
        await entry.evaluate((el) => el.scrollIntoView({ inline: 'center', block: 'nearest' }));
        await entry.click();
        const centre = page.getByRole('dialog', { name: names.centre });
        const menu = centre.getByRole('navigation', { name: names.menu });
        const problems: string[] = [];
        for (const [n, panel] of names.panels.entries()) {
          await menu.getByRole('button', { name: panel, exact: true }).click();
          await centre.locator('.agent-payroll tbody tr').first().waitFor();
          const size = await measure(page);
          expect(size.columns).toBe(panel === names.panels[3] ? 11 : 10);
          if (viewport === DESKTOP && size.scrollWidth > size.clientWidth)
            problems.push(`${panel}: ${size.scrollWidth} px in a ${size.clientWidth} px box`);
          if (viewport === DESKTOP && !size.lastHeadingInside) problems.push(`${panel}: last column cut off`);
          if (viewport === DESKTOP && size.wrappedBadges.length > 0)
            problems.push(`${panel}: badges on two lines: ${[...new Set(size.wrappedBadges)].join(', ')}`);
          if (size.pageWidth > viewport.width)
            problems.push(`${panel}: the page is ${size.pageWidth} px at ${viewport.width} px`);
          if (n === 0 || n === 3)
            await page.screenshot({
              path: path.join(SCREENSHOT_DIR, `agent-payroll-${language}-${viewport.width}-${n}.png`),
            });
        }
        expect(problems).toEqual([]);
      }
    },
    120_000,
  );
});
