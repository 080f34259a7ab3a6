import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { betRecordResponse } from '@jade/contracts/games';
import { useMemberApi, valueAnswer } from '../../../testing/member-api';
import { renderInBrand } from '../../../testing/render';
import { BetRecordsPanel } from './bet-records-panel';

const none = { bets: 0, stake: 0 };

useMemberApi(async (path) =>
  path === '/wps/member/bets'
    ? valueAnswer(betRecordResponse, {
        records: [],
        from: '2026-11-20',
        to: '2026-11-26',
        totals: { ...none, validBet: 0, payout: 0, winLoss: 0 },
        open: none,
        cancelled: none,
        pageNum: 1,
        totalPages: 0,
        totalCount: 0,
      })
    : undefined,
);

describe('BetRecordsPanel', () => {
  it('says when the period has no bets, with no totals, table or pages', async () => {
    renderInBrand(<BetRecordsPanel />);
    expect((await screen.findByText('No bets in this period.')).className).toBe('wallet-empty');
    expect(screen.queryByTestId('bet-totals')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
