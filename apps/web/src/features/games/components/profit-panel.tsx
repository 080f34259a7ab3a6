import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { profitResponse, type ProfitResponse } from '@jade/contracts/games';
import { apiSend } from '../../../api/client';
import { useLanguageCode } from '../../../config/brand';
import { useSession } from '../../../lib/session';
import { PanelQuery } from '../../wallet/components/panel-state';
import { RecordTable, useMoneyColumns } from '../../wallet/components/record-table';
import { useMoneyFormat } from '../../wallet/hooks/use-money-format';
import '../../wallet/wallet.css';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const RANGES = ['PAST_7', 'PAST_30'] as const;
type Range = (typeof RANGES)[number];
/** One colour a category, readable on the dark panel. */
const COLOURS: Record<string, string> = {
  LOTT: '#e9c46a',
  ELOTT: '#f4a261',
  LIVE: '#e76f51',
  RNG: '#2a9d8f',
  SPORTS: '#8ab17d',
  FISH: '#4ea8de',
  PVP: '#b388eb',
  ESPORTS: '#ff8fab',
  ARCADE: '#90e0ef',
};

const useProfit = (range: Range) => {
  const { token } = useSession();
  const language = useLanguageCode();
  return useQuery({
    queryKey: ['games', 'profit', token, language, range],
    queryFn: ({ signal }) => apiSend('POST', '/wps/member/profit', { range }, profitResponse, { signal }),
    enabled: Boolean(token),
  });
};

/** Every day of the window, oldest first (days without play show as zero). */
const daysOf = (from: string, to: string) => {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
};

/** §2 personal centre, personalProfit: win/loss by day and category, as a chart and as a table. */
export function ProfitPanel() {
  const { t } = useTranslation();
  const id = useId();
  const [range, setRange] = useState<Range>('PAST_7');
  const profit = useProfit(range);
  return (
    <div className="wallet-panel">
      <form className="wallet-filters" aria-label={t('profit.filters')} onSubmit={(e) => e.preventDefault()}>
        <div className="wallet-filter">
          <label htmlFor={`${id}-range`}>{t('wallet.records.period')}</label>
          <select id={`${id}-range`} value={range} onChange={(e) => setRange(e.target.value as Range)}>
            {RANGES.map((value) => (
              <option key={value} value={value}>
                {t(`wallet.records.periods.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </form>
      <PanelQuery query={profit}>{(data) => <ProfitView data={data} />}</PanelQuery>
    </div>
  );
}

function ProfitView({ data }: { data: ProfitResponse }) {
  const { t } = useTranslation();
  const { format, formatSigned, exponent } = useMoneyFormat();
  const { moneyColumn, signedMoneyColumn } = useMoneyColumns<ProfitResponse['rows'][number]>();
  const canvas = useRef<HTMLCanvasElement>(null);
  const days = daysOf(data.from, data.to);
  const categories = [...new Set(data.rows.map((r) => r.category))];
  useEffect(() => {
    if (!canvas.current || categories.length === 0) return;
    const scale = 10 ** exponent;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: days.map((d) => d.slice(5)),
        datasets: categories.map((category) => ({
          label: t(`categories.${category}.title`),
          backgroundColor: COLOURS[category] ?? '#cccccc',
          data: days.map(
            (day) => (data.rows.find((r) => r.day === day && r.category === category)?.winLoss ?? 0) / scale,
          ),
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? false : undefined,
        scales: {
          x: { stacked: true, ticks: { color: '#a9c2b8' }, grid: { display: false } },
          y: { stacked: true, ticks: { color: '#a9c2b8' }, grid: { color: 'rgba(169, 194, 184, 0.15)' } },
        },
        plugins: { legend: { labels: { color: '#f4f1e8' } } },
      },
    });
    return () => chart.destroy();
    // Drawn again only when the figures change (days, categories and labels follow from them).
  }, [data, exponent]);

  if (data.rows.length === 0) return <p className="wallet-empty">{t('profit.none')}</p>;
  return (
    <div className="wallet-records">
      <p className="wallet-section__hint" role="status" data-testid="profit-totals">
        {t('profit.totals', {
          count: data.totals.bets,
          validBet: format(data.totals.validBet),
          winLoss: formatSigned(data.totals.winLoss),
        })}
      </p>
      <div className="profit-chart">
        <canvas ref={canvas} role="img" aria-label={t('profit.chart')} />
      </div>
      <RecordTable
        caption={t('profit.caption')}
        rows={data.rows}
        rowKey={(row) => `${row.day}/${row.category}`}
        columns={[
          { id: 'day', label: t('profit.columns.day'), render: (row) => row.day },
          {
            id: 'category',
            label: t('bets.category'),
            render: (row) => t(`categories.${row.category}.title`),
          },
          { id: 'bets', label: t('profit.columns.bets'), isNumeric: true, render: (row) => row.bets },
          moneyColumn('stake', t('bets.columns.stake'), (row) => row.stake),
          moneyColumn('payout', t('bets.columns.payout'), (row) => row.payout),
          signedMoneyColumn('winLoss', t('bets.columns.winLoss'), (row) => row.winLoss),
        ]}
      />
    </div>
  );
}
