import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  teamBetRecordsResponse,
  teamProfitResponse,
  teamTransactionsResponse,
  type TeamProfitRow,
} from '@jade/contracts/agent-reports';
import { useMemberApi, valueAnswer } from '../../../testing/member-api';
import { whitelabelFixture } from '../../../testing/fixtures';
import { choosePage, retryFailedLoad } from '../../../testing/panel-states';
import { renderInBrand } from '../../../testing/render';
import { TeamBetsPanel } from './team-bets-panel';
import { TeamProfitPanel } from './team-profit-panel';
import { TeamTransactionsPanel } from './team-transactions-panel';

const window7 = { fromDay: '2026-11-20', toDay: '2026-11-26' };
const figures = { bets: 0, stake: 0, validBet: 0, payout: 0, winLoss: 0 };
const paging = (rows: unknown[], pageNo: number, pageSize: number) => ({
  pageNum: pageNo,
  totalPages: Math.ceil(rows.length / pageSize),
  totalCount: rows.length,
});

/** The team's members with their results, and how many of the next profit calls fail (the server's 404). */
let members: TeamProfitRow[];
let failures: number;
const bodies: { path: string; pageNo: number }[] = [];

beforeEach(() => {
  members = [];
  failures = 0;
  bodies.length = 0;
});

useMemberApi(async (path, { init }) => {
  if (!path.startsWith('/wps/agent/team/')) return undefined;
  const { pageNo, pageSize } = JSON.parse(String(init.body)) as { pageNo: number; pageSize: number };
  bodies.push({ path, pageNo });
  if (path === '/wps/agent/team/profit') {
    if (failures > 0) {
      failures -= 1;
      return undefined;
    }
    return valueAnswer(teamProfitResponse, {
      ...window7,
      rows: members.slice((pageNo - 1) * pageSize, pageNo * pageSize),
      totals: figures,
      ...paging(members, pageNo, pageSize),
    });
  }
  if (path === '/wps/agent/team/bets')
    return valueAnswer(teamBetRecordsResponse, {
      ...window7,
      records: [],
      totals: figures,
      open: { bets: 0, stake: 0 },
      cancelled: { bets: 0, stake: 0 },
      ...paging([], pageNo, pageSize),
    });
  if (path === '/wps/agent/team/transactions')
    return valueAnswer(teamTransactionsResponse, {
      ...window7,
      records: [],
      totals: { deposits: 0, withdrawals: 0, transfers: 0 },
      ...paging([], pageNo, pageSize),
    });
  return undefined;
});

const whitelabel = whitelabelFixture();
whitelabel.merchant.currencyExponent = 2;

describe('the team report panels, a page at a time', () => {
  it('profit per member: shows that it is loading, why it failed with a way to try again, then twenty members a page', async () => {
    members = Array.from({ length: 21 }, (_, i) => ({
      memberId: i + 1,
      account: `member${String(i + 1).padStart(2, '0')}`,
      depth: 1,
      ...figures,
    }));
    failures = 1;
    renderInBrand(<TeamProfitPanel />, whitelabel);
    await retryFailedLoad();
    await screen.findByText('member01');
    expect(screen.getAllByRole('row')).toHaveLength(21);
    choosePage('Pages', 2);
    await screen.findByText('member21');
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(bodies.at(-1)).toEqual({ path: '/wps/agent/team/profit', pageNo: 2 });
  }, 15_000);

  it('profit per member: says when no team member played, and shows no pages', async () => {
    renderInBrand(<TeamProfitPanel />, whitelabel);
    const none = await screen.findByText('No team member played in this period.');
    expect(none.className).toBe('wallet-empty');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('team bets and team transactions: say when the period has none', async () => {
    renderInBrand(<TeamBetsPanel />, whitelabel);
    expect((await screen.findByText('No bets in this period.')).className).toBe('wallet-empty');
    expect(screen.queryByRole('table')).toBeNull();
    renderInBrand(<TeamTransactionsPanel />, whitelabel);
    await screen.findByText('No deposits, withdrawals or transfers in this period.');
  });
});
