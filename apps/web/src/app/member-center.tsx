import { lazy, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { WhitelabelFlags } from '@jade/contracts/whitelabel';
import { EmptyState } from '../components/empty-state';
import type { ModalBodyProps } from '../components/modal/modal-types';
import { useBrand } from '../config/brand';
import { SecurityCenter } from '../features/accounts/components/security-center';
import { useAgentMenuContext, type AgentMenuContext } from '../features/agents/api/use-agent-menu';
import { useMissionSummary } from '../features/missions/api/missions';
import { CenterFrame, type CenterItem } from '../features/member-center/components/center-frame';
import { canUseMemberCenter, isAgentAccount, useSession } from '../lib/session';
import './member-center.css';

type Context = { flags: WhitelabelFlags; agent: AgentMenuContext };

// The wallet panels are chunks of their own, loaded when their item is first opened.
const MyWallet = lazy(() =>
  import('../features/wallet/components/my-wallet').then((m) => ({ default: m.MyWallet })),
);
const DepositPanel = lazy(() =>
  import('../features/wallet/components/deposit-panel').then((m) => ({ default: m.DepositPanel })),
);
const WithdrawPanel = lazy(() =>
  import('../features/wallet/components/withdraw-panel').then((m) => ({ default: m.WithdrawPanel })),
);
const UplineTransferPanel = lazy(() =>
  import('../features/wallet/components/upline-transfer-panel').then((m) => ({
    default: m.UplineTransferPanel,
  })),
);
const BetRecordsPanel = lazy(() =>
  import('../features/games/components/bet-records-panel').then((m) => ({ default: m.BetRecordsPanel })),
);
const InboxPanel = lazy(() =>
  import('../features/inbox/components/inbox-panel').then((m) => ({ default: m.InboxPanel })),
);
// The agent centre's reports (issue 21), each its own chunk like the member centre's panels.
const AgentAnnouncementsPanel = lazy(() =>
  import('../features/agents/components/agent-announcements-panel').then((m) => ({
    default: m.AgentAnnouncementsPanel,
  })),
);
const TeamOverviewPanel = lazy(() =>
  import('../features/agents/components/team-overview-panel').then((m) => ({ default: m.TeamOverviewPanel })),
);
const TeamBetsPanel = lazy(() =>
  import('../features/agents/components/team-bets-panel').then((m) => ({ default: m.TeamBetsPanel })),
);
const TeamProfitPanel = lazy(() =>
  import('../features/agents/components/team-profit-panel').then((m) => ({ default: m.TeamProfitPanel })),
);
const TeamTransactionsPanel = lazy(() =>
  import('../features/agents/components/team-transactions-panel').then((m) => ({
    default: m.TeamTransactionsPanel,
  })),
);
const ProfitPanel = lazy(() =>
  import('../features/games/components/profit-panel').then((m) => ({ default: m.ProfitPanel })),
);
const DownlinePanel = lazy(() =>
  import('../features/agents/components/downline-panel').then((m) => ({ default: m.DownlinePanel })),
);
const ReferralPanel = lazy(() =>
  import('../features/agents/components/referral-panel').then((m) => ({ default: m.ReferralPanel })),
);
const RegisterCenterPanel = lazy(() =>
  import('../features/agents/components/register-center-panel').then((m) => ({
    default: m.RegisterCenterPanel,
  })),
);
const AccountRecordsPanel = lazy(() =>
  import('../features/wallet/components/account-records-panel').then((m) => ({
    default: m.AccountRecordsPanel,
  })),
);

// Promotion claims (decision 0050): one chunk for the reward centre and bonus details.
const RewardCenterPanel = lazy(() =>
  import('../features/member-center/components/promotion-claim-panels').then((m) => ({
    default: m.RewardCenterPanel,
  })),
);
const BonusDetailsPanel = lazy(() =>
  import('../features/member-center/components/promotion-claim-panels').then((m) => ({
    default: m.BonusDetailsPanel,
  })),
);

// Missions (decision 0052): the member's missions and the weekly board.
const MissionsPanel = lazy(() =>
  import('../features/missions/components/missions-panel').then((m) => ({ default: m.MissionsPanel })),
);

// manualRebate (decision 0051): what each category's bets have earned, claimed once.
const RebatePanel = lazy(() =>
  import('../features/member-center/components/rebate-panel').then((m) => ({ default: m.RebatePanel })),
);

// The agent payroll panels (decision 0041), one chunk for the five of them.
const payrollPanel = (
  name:
    'DailyWagesPanel' | 'HourSalaryPanel' | 'RealtimeSalaryPanel' | 'DividendRecordPanel' | 'RevenuePanel',
) => lazy(() => import('../features/agents/components/payroll-panels').then((m) => ({ default: m[name] })));
const RevenuePanel = payrollPanel('RevenuePanel');
const DividendRecordPanel = payrollPanel('DividendRecordPanel');
const DailyWagesPanel = payrollPanel('DailyWagesPanel');
const HourSalaryPanel = payrollPanel('HourSalaryPanel');
const RealtimeSalaryPanel = payrollPanel('RealtimeSalaryPanel');

/** One menu entry of §2: the feature's panel once it exists, and when the brand or member may see it. */
type MenuEntry = {
  id: string;
  /** Absent until the feature is built: §2 a menu item appears once its feature exists. */
  Panel?: ComponentType;
  isShown?: (context: Context) => boolean;
};

/** §2 personal centre, in order. */
const MEMBER_CENTER: readonly MenuEntry[] = [
  { id: 'securityCenter', Panel: SecurityCenter },
  { id: 'transferFund', Panel: MyWallet },
  { id: 'depositv2', Panel: DepositPanel },
  { id: 'withdraw', Panel: WithdrawPanel },
  { id: 'transferUpline', Panel: UplineTransferPanel },
  { id: 'personalHistoryCopy', Panel: BetRecordsPanel },
  { id: 'manualRebate', Panel: RebatePanel, isShown: ({ flags }) => flags.MANPLAYREB3 },
  { id: 'transactionHistory', Panel: AccountRecordsPanel },
  { id: 'personalProfit', Panel: ProfitPanel },
  { id: 'bonusDetails', Panel: BonusDetailsPanel },
  { id: 'rewardCenter', Panel: RewardCenterPanel },
  { id: 'referral', Panel: ReferralPanel },
  { id: 'missionLeaderboard', Panel: MissionsPanel },
  { id: 'messageV2', Panel: InboxPanel },
];

/**
 * §2 agent centre left menu, in order. The dividend entry shows only when the agent holds a dividend
 * contract, each salary entry only for the salary types it holds.
 */
const AGENT_CENTER: readonly MenuEntry[] = [
  { id: 'agentAnnouncement', Panel: AgentAnnouncementsPanel },
  { id: 'agentTeamOverview', Panel: TeamOverviewPanel },
  { id: 'registerCenter', Panel: RegisterCenterPanel },
  { id: 'downlineManagmentView', Panel: DownlinePanel },
  { id: 'personalHistoryCopy', Panel: TeamBetsPanel },
  { id: 'palStatementsAgentCopy', Panel: TeamProfitPanel },
  { id: 'agentRevenueReport', Panel: RevenuePanel },
  { id: 'agentDownlineTransactionDetailsCopy', Panel: TeamTransactionsPanel },
  {
    id: 'agentDividendRecordCopy2',
    Panel: DividendRecordPanel,
    isShown: ({ agent }) => agent.dividendEnabled,
  },
  {
    id: 'agentDailyWages2',
    Panel: DailyWagesPanel,
    isShown: ({ agent }) => agent.salaryKinds.includes('DAILY_SALARY'),
  },
  {
    id: 'agentHourSalary',
    Panel: HourSalaryPanel,
    isShown: ({ agent }) => agent.salaryKinds.includes('HOURLY_SALARY'),
  },
  {
    id: 'agentRealtimeSalary',
    Panel: RealtimeSalaryPanel,
    isShown: ({ agent }) => agent.salaryKinds.includes('REALTIME_SALARY'),
  },
];

const availableEntries = (entries: readonly MenuEntry[], context: Context) =>
  entries.filter(
    (entry): entry is MenuEntry & { Panel: ComponentType } =>
      entry.Panel !== undefined && (entry.isShown?.(context) ?? true),
  );

export function MemberCenterModal({ props }: ModalBodyProps<'memberCenter'>) {
  const { t } = useTranslation();
  const { whitelabel } = useBrand();
  const session = useSession();
  const agent = useAgentMenuContext();
  // §2: the missions item's badge counts the rewards claimable now (hidden at 0).
  const missionBadge = useMissionSummary().data?.claimableCount ?? 0;
  const items: CenterItem[] = availableEntries(MEMBER_CENTER, { flags: whitelabel.whitelabel, agent }).map(
    (entry) => ({
      id: entry.id,
      label: t(`memberCenter.items.${entry.id}` as 'memberCenter.items.securityCenter'),
      Panel: entry.Panel,
      ...(entry.id === 'missionLeaderboard' && { badge: missionBadge }),
    }),
  );
  const [activeId, setActiveId] = useState(
    items.some((item) => item.id === props?.item) ? props?.item : items[0]?.id,
  );
  // §6: a member view needs a token and a real account; the header asks before opening, this is the backstop.
  if (!canUseMemberCenter(session)) return <EmptyState title={t('errors.TRIAL_ACCOUNT')} />;
  return (
    <CenterFrame
      items={items}
      activeId={activeId}
      onSelect={setActiveId}
      menuLabel={t('memberCenter.menu')}
      emptyTitle={t('memberCenter.empty')}
      loadingLabel={t('common.loading')}
    />
  );
}

export function AgentCenterModal({ props }: ModalBodyProps<'agentCenter'>) {
  const { t } = useTranslation();
  const { whitelabel } = useBrand();
  const session = useSession();
  const agent = useAgentMenuContext();
  const items: CenterItem[] = availableEntries(AGENT_CENTER, { flags: whitelabel.whitelabel, agent }).map(
    (entry) => ({
      id: entry.id,
      label: t(`agentCenter.items.${entry.id}` as 'agentCenter.items.agentAnnouncement'),
      Panel: entry.Panel,
    }),
  );
  const [activeId, setActiveId] = useState(props?.item ?? items[0]?.id);
  // §6: the agent centre is for isAgent 1, 2, 41 and 42 only.
  if (!isAgentAccount(session)) return <EmptyState title={t('errors.NOT_AN_AGENT')} />;
  return (
    <CenterFrame
      items={items}
      activeId={activeId}
      onSelect={setActiveId}
      menuLabel={t('agentCenter.menu')}
      emptyTitle={t('agentCenter.empty')}
      loadingLabel={t('common.loading')}
    />
  );
}
