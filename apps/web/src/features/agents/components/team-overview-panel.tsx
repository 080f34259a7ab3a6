import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentDateRange } from '@jade/contracts/agents';
import type { TeamOverviewResponse } from '@jade/contracts/agent-reports';
import { PanelQuery } from '../../wallet/components/panel-state';
import { useMoneyFormat } from '../../wallet/hooks/use-money-format';
import { useTeamOverview } from '../api/reports';
import { RangePicker } from './range-picker';
import '../../wallet/wallet.css';
import './agent-reports.css';

/** §2 agentTeamOverview: the team's size, members, money and play over a §9 range, and a chart by day. */
export function TeamOverviewPanel() {
  const { t } = useTranslation();
  const [range, setRange] = useState<AgentDateRange>('PAST_7');
  const overview = useTeamOverview({ range });
  return (
    <div className="wallet-panel agent-report">
      <form
        className="wallet-filters"
        aria-label={t('agentReports.filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <RangePicker value={range} onChange={setRange} />
      </form>
      <PanelQuery query={overview}>
        {(data, isUpdating) => <OverviewView data={data} isUpdating={isUpdating} />}
      </PanelQuery>
    </div>
  );
}

function OverviewView({ data, isUpdating }: { data: TeamOverviewResponse; isUpdating: boolean }) {
  const { t } = useTranslation();
  const { format, formatSigned } = useMoneyFormat();
  const figures: { id: string; label: string; value: string; tone?: 'in' | 'out' }[] = [
    { id: 'teamSize', label: t('agentReports.overview.teamSize'), value: String(data.teamSize) },
    { id: 'direct', label: t('agentReports.overview.direct'), value: String(data.directMembers) },
    { id: 'new', label: t('agentReports.overview.newMembers'), value: String(data.newMembers) },
    { id: 'active', label: t('agentReports.overview.activeMembers'), value: String(data.activeMembers) },
    { id: 'deposits', label: t('agentReports.overview.deposits'), value: format(data.deposits) },
    { id: 'withdrawals', label: t('agentReports.overview.withdrawals'), value: format(data.withdrawals) },
    { id: 'validBet', label: t('agentReports.overview.validBet'), value: format(data.validBet) },
    { id: 'payout', label: t('agentReports.overview.payout'), value: format(data.payout) },
    {
      id: 'profit',
      label: t('agentReports.overview.profit'),
      value: formatSigned(data.profit),
      tone: data.profit < 0 ? 'out' : 'in',
    },
  ];
  return (
    <div className={isUpdating ? 'agent-overview is-updating' : 'agent-overview'} aria-busy={isUpdating}>
      <p className="wallet-section__hint">{t('agentReports.days', { from: data.fromDay, to: data.toDay })}</p>
      <dl className="agent-figures" data-testid="overview-figures">
        {figures.map((f) => (
          <div key={f.id} className="agent-figure" data-testid={`overview-${f.id}`}>
            <dt>{f.label}</dt>
            <dd className={f.tone ? `wallet-amount--${f.tone}` : undefined}>{f.value}</dd>
          </div>
        ))}
      </dl>
      <p className="wallet-section__hint">
        {t('agentReports.overview.notes', { min: format(data.activeMemberMinValidBet) })}
      </p>
      <OverviewChart data={data} />
    </div>
  );
}

const CHART = { width: 640, height: 220, top: 12, bottom: 28, left: 8, right: 8 };

/**
 * Valid bet and the house's profit by day, as SVG bars (no chart library in the agent centre's
 * bundle): valid bet above the line, profit above or below it.
 */
function OverviewChart({ data }: { data: TeamOverviewResponse }) {
  const { t } = useTranslation();
  const { format, formatSigned } = useMoneyFormat();
  const days = data.series;
  const top = Math.max(1, ...days.map((d) => Math.max(d.validBet, d.profit)));
  const bottom = Math.min(0, ...days.map((d) => d.profit));
  const plot = CHART.height - CHART.top - CHART.bottom;
  const y = (value: number) => CHART.top + ((top - value) / (top - bottom)) * plot;
  const slot = (CHART.width - CHART.left - CHART.right) / Math.max(1, days.length);
  const bar = Math.max(2, Math.min(18, slot / 3));
  const every = Math.ceil(days.length / 10);
  return (
    <figure className="agent-chart">
      <figcaption>
        <span className="agent-chart__key agent-chart__key--bet">{t('agentReports.overview.validBet')}</span>
        <span className="agent-chart__key agent-chart__key--profit">{t('agentReports.overview.profit')}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        role="img"
        aria-label={t('agentReports.overview.chart')}
        preserveAspectRatio="none"
        data-testid="overview-chart"
      >
        <line
          x1={CHART.left}
          x2={CHART.width - CHART.right}
          y1={y(0)}
          y2={y(0)}
          className="agent-chart__axis"
        />
        {days.map((d, i) => {
          const x = CHART.left + i * slot + slot / 2;
          return (
            <g key={d.day} data-testid={`overview-day-${d.day}`}>
              <rect
                className="agent-chart__bar agent-chart__bar--bet"
                x={x - bar}
                width={bar}
                y={y(Math.max(0, d.validBet))}
                height={Math.abs(y(0) - y(d.validBet))}
                data-testid={d.validBet > 0 ? `overview-bar-${d.day}` : undefined}
              >
                <title>{`${d.day} · ${t('agentReports.overview.validBet')} ${format(d.validBet)}`}</title>
              </rect>
              <rect
                className={`agent-chart__bar agent-chart__bar--profit${d.profit < 0 ? ' is-negative' : ''}`}
                x={x}
                width={bar}
                y={y(Math.max(0, d.profit))}
                height={Math.abs(y(0) - y(d.profit))}
              >
                <title>{`${d.day} · ${t('agentReports.overview.profit')} ${formatSigned(d.profit)}`}</title>
              </rect>
              {i % every === 0 && (
                <text x={x} y={CHART.height - 8} textAnchor="middle" className="agent-chart__label">
                  {d.day.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
