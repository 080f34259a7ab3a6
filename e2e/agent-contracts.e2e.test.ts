import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { PageWatch } from './support/harness';
import { allowTestMembers, apiCall, registerFundedMember, registerMember } from './support/members';
import { startServer, type TestServer } from './support/server';
import { addSession } from './support/session';

/**
 * Issue 21 in the real app: an agent offers its downline agent a real-time salary contract in the
 * downline management panel (a rate above its own is refused with the cap); the downline logs in, is
 * prompted, accepts; both see the contract ACCEPTED. A member under the downline plays a studio slot,
 * the real-time salary runs, both agents see the payment in their salary panels, and the upline's team
 * overview chart shows the day.
 */
let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const watch = new PageWatch(() => server.baseUrl);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await allowTestMembers(server);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  expect(watch.take()).toEqual([]);
});

const agent = async (prefix: string, mobilePrefix: string, fields: Record<string, unknown> = {}) => {
  const member = await registerMember({
    baseUrl: server.baseUrl,
    usernamePrefix: prefix,
    mobilePrefix,
    password: 'secret123',
    paymentPassword: '246810',
    login: true,
    fields,
  });
  await server.runCli(['member', 'set-type', member.username, '1']);
  return { ...member, token: member.token as string };
};

async function agentPage(token: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(10_000);
  contexts.push(context);
  await context.addInitScript(() => localStorage.setItem('language', 'EN'));
  await addSession(context, { token, isAgent: 1 });
  return watch.watch(await context.newPage());
}

const openDownlinePanel = async (page: Page) => {
  await page.getByRole('button', { name: 'Agent centre' }).click();
  const center = page.getByRole('dialog', { name: 'Agent centre' });
  await center
    .getByRole('navigation', { name: 'Agent centre menu' })
    .getByRole('button', { name: 'Downline management' })
    .click();
  return center.getByRole('region', { name: 'Downline management' });
};

describe('agent contracts', () => {
  it('an agent offers its downline a contract; the downline accepts; a member below bets; both are paid and the overview shows the day', async () => {
    // The tree: top (holding the brand's 2 % real-time salary on slots) and its downline agent, joined
    // through top's invitation code.
    const top = await agent('top', '81');
    await server.runCli(['member', 'set-affiliate', top.username, 'TOPCODE1']);
    const down = await agent('down', '82', { affiliateCode: 'TOPCODE1' });
    const offered = await server.runCli([
      'agents',
      'offer',
      top.username,
      'REALTIME_SALARY',
      'RNG',
      JSON.stringify([{ minValidBet: 0, minActive: 0, rateBp: 200 }]),
    ]);
    const brandOffer = Number(/#(\d+)/.exec(offered)![1]);
    const accepted = await apiCall(
      server.baseUrl,
      'POST',
      '/wps/relay/MCSFE_processRealTimeSalaryContract',
      { contractId: brandOffer, accept: true },
      { token: top.token },
    );
    expect(accepted.success, JSON.stringify(accepted)).toBe(true);

    // The upline offers in the panel: 5 % is above its own 2 % and refused with the cap; 1.5 % goes.
    const topPage = await agentPage(top.token);
    await topPage.goto(`${server.baseUrl}/index`);
    let panel = await openDownlinePanel(topPage);
    await panel.getByRole('button', { name: `Details of ${down.username}` }).click();
    const form = panel.getByRole('form', { name: `Offer or change a contract for ${down.username}` });
    await form.getByLabel('Kind').selectOption({ label: 'Real-time salary' });
    await form.getByLabel('Category').selectOption({ label: 'Slots' });
    const rate = form.getByRole('textbox', { name: 'Rate (%)' });
    watch.expect('/wps/agent/contracts', 400);
    await rate.fill('5');
    await form.getByRole('button', { name: 'Offer contract' }).click();
    await form.getByText('Above your own contract: at most 2 %.').waitFor();
    await rate.fill('1.5');
    await form.getByRole('button', { name: 'Offer contract' }).click();
    await form.getByText(`Offer sent to ${down.username}.`).waitFor();

    // The downline logs in: the prompt shows the offer's tier; it accepts.
    const downPage = await agentPage(down.token);
    await downPage.goto(`${server.baseUrl}/index`);
    const prompt = downPage.getByRole('dialog', { name: 'A contract offer is waiting for your answer' });
    await prompt.getByText(`Offered by ${top.username}`).waitFor();
    await prompt.getByText(/1\.5 % of team valid bet/).waitFor();
    await prompt.getByRole('button', { name: 'Accept' }).click();
    await prompt.waitFor({ state: 'detached' });
    panel = await openDownlinePanel(downPage);
    const held = panel.locator('.agent-contract-list').filter({ hasText: 'Offered to me' });
    await held.getByRole('row').filter({ hasText: top.username }).getByText('Accepted').waitFor();

    // The upline sees it accepted in what it offered.
    await topPage.reload();
    panel = await openDownlinePanel(topPage);
    const mine = panel.locator('.agent-contract-list').filter({ hasText: 'Offered to my downlines' });
    await mine.getByRole('row').filter({ hasText: down.username }).getByText('Accepted').waitFor();

    // A member under the downline plays a slot round; the real-time salary runs (as its job does).
    await server.runCli(['member', 'set-affiliate', down.username, 'DOWNCODE']);
    const player = await registerFundedMember(server, 'play', '83', 10_000_000, {
      affiliateCode: 'DOWNCODE',
    });
    const launched = await apiCall(
      server.baseUrl,
      'POST',
      '/wps/game/launchGame',
      { vassalage: 'JADE_STUDIO', gameId: 'JADE_FORTUNE' },
      { token: player.token },
    );
    expect(launched.success, JSON.stringify(launched)).toBe(true);
    const opened = await fetch(launched.value.url as string, { redirect: 'manual' });
    const sid = /#sid=([\w-]+)/.exec(opened.headers.get('location') ?? '')?.[1];
    const round = await fetch(`${server.studioUrl}/api/round`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sid, bet: { lineBet: 10_000 } }),
    });
    expect(round.status).toBe(200);
    // The studio answers the round before the server's wallet has settled it: pay once the bet is in.
    await expect
      .poll(async () => server.runCli(['agents', 'pay', 'realtime']), { timeout: 15_000 })
      .toMatch(/: [1-9]\d* paid/);

    // The downline sees what its upline paid it; the upline what the brand paid it and what it paid.
    const salaryPanel = async (page: Page) => {
      await page.reload();
      await page.getByRole('button', { name: 'Agent centre' }).click();
      const center = page.getByRole('dialog', { name: 'Agent centre' });
      await center
        .getByRole('navigation', { name: 'Agent centre menu' })
        .getByRole('button', { name: 'Real-time salary' })
        .click();
      return center;
    };
    let center = await salaryPanel(downPage);
    await center
      .getByRole('row')
      .filter({ hasText: top.username })
      .getByRole('cell', { name: 'Paid', exact: true })
      .waitFor();
    center = await salaryPanel(topPage);
    await center.getByRole('cell', { name: 'Paid', exact: true }).first().waitFor();
    await center.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Paid to my downline' });
    await center
      .getByRole('row')
      .filter({ hasText: down.username })
      .getByRole('cell', { name: 'Paid', exact: true })
      .waitFor();

    // The upline's team overview shows today's bar in its chart.
    const overview = await apiCall(
      server.baseUrl,
      'POST',
      '/wps/agent/team/overview',
      { range: 'PAST_7' },
      { token: top.token },
    );
    expect(overview.success, JSON.stringify(overview)).toBe(true);
    await center
      .getByRole('navigation', { name: 'Agent centre menu' })
      .getByRole('button', { name: 'Team overview' })
      .click();
    await center.getByTestId(`overview-bar-${overview.value.toDay as string}`).waitFor();
  }, 180_000);
});
