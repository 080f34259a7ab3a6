import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentContract, ContractTier, Downline } from '@jade/contracts/agent-contracts';
import {
  CONTRACT_CATEGORIES,
  CONTRACT_KINDS,
  DIVIDEND_PERIODS,
  MAX_TIERS,
  type ContractCategory,
  type ContractKind,
  type DividendPeriod,
} from '@jade/contracts/agents';
import { isAgentAccountType } from '@jade/contracts/constants';
import { isApiRequestError } from '../../../api/client';
import { useModals } from '../../../components/modal/modal-context';
import { Pagination } from '../../../components/pagination';
import { formatDateTime } from '../../../lib/format';
import { RecordTable } from '../../wallet/components/record-table';
import { PanelError, PanelLoading, useFailureText } from '../../wallet/components/panel-state';
import { useMoneyFormat } from '../../wallet/hooks/use-money-format';
import { parseAmount } from '../../wallet/utils/amount';
import {
  useDownline,
  useDownlines,
  useMyContracts,
  useOfferContract,
  useTerminateContract,
  type DownlineFilters,
} from '../api/agent-contracts';
import { contractDate, ContractStatus, ContractTitle, TierList } from './contract-text';
import '../../wallet/wallet.css';
import '../agents.css';

const PAGE_SIZE = 10;

/** §2 downlineManagmentView: my contracts, my team by account and level, each downline's details and contract offers. */
export function DownlinePanel() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<DownlineFilters>({
    account: '',
    scope: 'DIRECT',
    page: 1,
    pageSize: PAGE_SIZE,
  });
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<number>();
  const page = useDownlines(filters);
  return (
    <div className="wallet-panel agent-panel">
      <MyContracts />
      <section aria-labelledby="agent-downlines">
        <h3 id="agent-downlines">{t('agentContracts.downlines.title')}</h3>
        <form
          className="agent-search"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            setFilters({ ...filters, account: search, page: 1 });
          }}
        >
          <label>
            {t('agentContracts.downlines.account')}
            <input value={search} onChange={(e) => setSearch(e.target.value)} maxLength={64} />
          </label>
          <label>
            {t('agentContracts.downlines.scope')}
            <select
              value={filters.scope}
              onChange={(e) =>
                setFilters({ ...filters, scope: e.target.value as DownlineFilters['scope'], page: 1 })
              }
            >
              <option value="DIRECT">{t('agentContracts.downlines.direct')}</option>
              <option value="ALL">{t('agentContracts.downlines.all')}</option>
            </select>
          </label>
          <button type="submit" className="button button--secondary button--small">
            {t('agentContracts.downlines.search')}
          </button>
        </form>
        {page.isError ? (
          <PanelError error={page.error} onRetry={() => void page.refetch()} />
        ) : !page.data ? (
          <PanelLoading />
        ) : page.data.items.length === 0 ? (
          <p className="agent-empty">{t('agentContracts.downlines.none')}</p>
        ) : (
          <>
            <RecordTable
              caption={t('agentContracts.downlines.title')}
              rows={page.data.items}
              rowKey={(d) => d.memberId}
              columns={[
                { id: 'account', label: t('agentContracts.downlines.account'), render: (d) => d.account },
                { id: 'type', label: t('agentContracts.downlines.type'), render: (d) => t(typeKey(d.type)) },
                {
                  id: 'level',
                  label: t('agentContracts.downlines.level'),
                  render: (d) => d.level,
                  isNumeric: true,
                },
                {
                  id: 'team',
                  label: t('agentContracts.downlines.teamSize'),
                  render: (d) => d.teamSize,
                  isNumeric: true,
                },
                {
                  id: 'open',
                  label: t('agentContracts.downlines.details'),
                  render: (d) => (
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-label={t('agentContracts.downlines.detailsOf', { account: d.account })}
                      onClick={() => setSelected(d.memberId)}
                    >
                      {t('agentContracts.downlines.details')}
                    </button>
                  ),
                },
              ]}
            />
            <Pagination
              page={filters.page}
              totalPages={Math.ceil(page.data.total / PAGE_SIZE)}
              onChange={(p) => setFilters({ ...filters, page: p })}
            />
          </>
        )}
      </section>
      {selected !== undefined && (
        <DownlineDetail memberId={selected} onClose={() => setSelected(undefined)} />
      )}
    </div>
  );
}

const typeKey = (type: number) =>
  isAgentAccountType(type)
    ? ('agentContracts.downlines.agent' as const)
    : ('agentContracts.downlines.member' as const);

/** My contracts, held and offered, with their statuses (both parties see the same rows). */
function MyContracts() {
  const { t } = useTranslation();
  const mine = useMyContracts();
  if (mine.isError) return <PanelError error={mine.error} onRetry={() => void mine.refetch()} />;
  if (!mine.data) return <PanelLoading />;
  return (
    <section aria-labelledby="agent-my-contracts" className="agent-contracts">
      <h3 id="agent-my-contracts">{t('agentContracts.mine.title')}</h3>
      <ContractTable caption={t('agentContracts.mine.held')} contracts={mine.data.held} party="offeredBy" />
      <ContractTable
        caption={t('agentContracts.mine.offered')}
        contracts={mine.data.offered}
        party="holder"
      />
    </section>
  );
}

function ContractTable({
  caption,
  contracts,
  party,
  actions,
}: {
  caption: string;
  contracts: AgentContract[];
  party: 'holder' | 'offeredBy';
  actions?: (c: AgentContract) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="agent-contract-list">
      <h4>{caption}</h4>
      {contracts.length === 0 ? (
        <p className="agent-empty">{t('agentContracts.mine.none')}</p>
      ) : (
        <RecordTable
          caption={caption}
          rows={contracts}
          rowKey={(c) => c.id}
          columns={[
            {
              id: 'contract',
              label: t('agentContracts.contract'),
              render: (c) => <ContractTitle contract={c} />,
            },
            {
              id: 'party',
              label: t(party === 'holder' ? 'agentContracts.holder' : 'agentContracts.offeredBy'),
              render: (c) => (party === 'holder' ? c.holder : (c.offeredBy ?? t('agentContracts.brand'))),
            },
            { id: 'tiers', label: t('agentContracts.tiers'), render: (c) => <TierList tiers={c.tiers} /> },
            {
              id: 'status',
              label: t('agentContracts.statusLabel'),
              render: (c) => <ContractStatus contract={c} />,
            },
            { id: 'date', label: t('agentContracts.date'), render: contractDate },
            ...(actions ? [{ id: 'actions', label: t('agentContracts.actions'), render: actions }] : []),
          ]}
        />
      )}
    </div>
  );
}

function DownlineDetail({ memberId, onClose }: { memberId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useDownline(memberId);
  const terminate = useTerminateContract();
  const modals = useModals();
  const failure = useFailureText();
  if (detail.isError) return <PanelError error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <PanelLoading />;
  const d: Downline = detail.data;
  // A direct downline's contracts are the ones I offered it (the server checks it again).
  const canEnd = (c: AgentContract) =>
    (c.status === 'PENDING' || c.status === 'ACCEPTED') && c.offeredById !== null && d.level === 1;
  return (
    <section className="agent-detail" aria-labelledby="agent-detail-title">
      <h3 id="agent-detail-title">{t('agentContracts.detail.title', { account: d.account })}</h3>
      <dl className="wallet-stats">
        <div>
          <dt>{t('agentContracts.downlines.type')}</dt>
          <dd>{t(typeKey(d.type))}</dd>
        </div>
        <div>
          <dt>{t('agentContracts.downlines.level')}</dt>
          <dd>{d.level}</dd>
        </div>
        <div>
          <dt>{t('agentContracts.detail.upline')}</dt>
          <dd>{d.upline ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('agentContracts.detail.registered')}</dt>
          <dd>{formatDateTime(d.registeredAt)}</dd>
        </div>
        <div>
          <dt>{t('agentContracts.detail.lastLogin')}</dt>
          <dd>{d.lastLoginAt ? formatDateTime(d.lastLoginAt) : '—'}</dd>
        </div>
        <div>
          <dt>{t('agentContracts.downlines.teamSize')}</dt>
          <dd>{d.teamSize}</dd>
        </div>
      </dl>
      <ContractTable
        caption={t('agentContracts.detail.contracts')}
        contracts={d.contracts}
        party="offeredBy"
        actions={(c) =>
          canEnd(c) ? (
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={terminate.isPending}
              onClick={async () => {
                const sure = await modals.confirm({
                  message: t('agentContracts.terminate.confirm', { account: d.account }),
                  confirmLabel: t('agentContracts.terminate.button'),
                });
                if (sure) terminate.mutate(c.id, { onSuccess: () => void detail.refetch() });
              }}
            >
              {t('agentContracts.terminate.button')}
            </button>
          ) : null
        }
      />
      {terminate.isError && (
        <p role="alert" className="agent-error">
          {failure(terminate.error)}
        </p>
      )}
      {d.level === 1 && isAgentAccountType(d.type) && (
        <OfferForm account={d.account} onDone={() => void detail.refetch()} />
      )}
      <button type="button" className="button button--secondary button--small" onClick={onClose}>
        {t('agentContracts.detail.close')}
      </button>
    </section>
  );
}

type TierDraft = { threshold: string; minActive: string; pays: 'rate' | 'amount'; value: string };
const emptyTier = (): TierDraft => ({ threshold: '0', minActive: '0', pays: 'rate', value: '' });

/** The offer / change contract form: kind, category, a dividend's period and a tier editor; the server checks the caps. */
function OfferForm({ account, onDone }: { account: string; onDone: () => void }) {
  const { t } = useTranslation();
  const { scale, format } = useMoneyFormat();
  const failure = useFailureText();
  const offer = useOfferContract();
  const [kind, setKind] = useState<ContractKind>('DAILY_SALARY');
  const [category, setCategory] = useState<ContractCategory>('LOTT');
  const [period, setPeriod] = useState<DividendPeriod>('MONTHLY');
  const [tiers, setTiers] = useState<TierDraft[]>([emptyTier()]);
  const [done, setDone] = useState(false);
  const dividend = kind === 'DIVIDEND';
  // Amounts typed the member's way ('2.000.000' in Vietnamese); one the server cannot take comes back as a field error.
  const minor = (text: string) => {
    if (/^\s*0*\s*$/.test(text)) return 0;
    const parsed = parseAmount(text, scale);
    return parsed.ok ? parsed.minor : Number.NaN;
  };
  const bp = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);
  const toTier = (draft: TierDraft): ContractTier =>
    dividend
      ? { minNetLoss: minor(draft.threshold), minActive: Number(draft.minActive), shareBp: bp(draft.value) }
      : {
          minValidBet: minor(draft.threshold),
          minActive: Number(draft.minActive),
          ...(draft.pays === 'rate' ? { rateBp: bp(draft.value) } : { amount: minor(draft.value) }),
        };
  const fields = isApiRequestError(offer.error) ? (offer.error.fields ?? {}) : {};
  const caps = (isApiRequestError(offer.error) ? offer.error.details?.caps : undefined) as
    Record<string, number | null> | undefined;
  const fieldText = (key: string) => {
    if (!fields[key]) return undefined;
    const cap = caps?.[key];
    if (cap === null) return t('agentContracts.offer.otherBasis');
    if (cap !== undefined)
      return t('agentContracts.offer.aboveCap', {
        max: key.endsWith('amount') ? format(cap) : `${cap / 100} %`,
      });
    if (key === 'kind') return t('agentContracts.offer.noOwnContract');
    if (key === 'account') return t('agentContracts.offer.notDirect');
    return t('agentContracts.offer.invalid');
  };
  const tierError = (i: number) =>
    Object.keys(fields)
      .filter((key) => key.startsWith(`tiers.${i}.`))
      .map(fieldText)
      .join(' ');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    offer.mutate(
      { account, kind, category, ...(dividend && { period }), tiers: tiers.map(toTier) },
      {
        onSuccess: () => {
          setDone(true);
          onDone();
        },
      },
    );
  };
  const update = (i: number, change: Partial<TierDraft>) =>
    setTiers(tiers.map((tier, j) => (j === i ? { ...tier, ...change } : tier)));
  const generalErrors = ['kind', 'account', 'period', 'tiers'].map(fieldText).filter(Boolean);
  return (
    <form className="agent-offer" onSubmit={submit} aria-labelledby="agent-offer-title" noValidate>
      <h4 id="agent-offer-title">{t('agentContracts.offer.title', { account })}</h4>
      <div className="agent-offer__row">
        <label>
          {t('agentContracts.offer.kind')}
          <select value={kind} onChange={(e) => setKind(e.target.value as ContractKind)}>
            {CONTRACT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`agentContracts.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('agentContracts.offer.category')}
          <select value={category} onChange={(e) => setCategory(e.target.value as ContractCategory)}>
            {CONTRACT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`agentContracts.categories.${c}`)}
              </option>
            ))}
          </select>
        </label>
        {dividend && (
          <label>
            {t('agentContracts.offer.period')}
            <select value={period} onChange={(e) => setPeriod(e.target.value as DividendPeriod)}>
              {DIVIDEND_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`agentContracts.periods.${p}`)}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <fieldset className="agent-tier-editor">
        <legend>{t('agentContracts.tiers')}</legend>
        {tiers.map((tier, i) => (
          <div
            key={i}
            className="agent-offer__row"
            role="group"
            aria-label={t('agentContracts.offer.tierN', { n: i + 1 })}
          >
            <label>
              {t(dividend ? 'agentContracts.offer.minNetLoss' : 'agentContracts.offer.minValidBet')}
              <input
                inputMode="decimal"
                value={tier.threshold}
                onChange={(e) => update(i, { threshold: e.target.value })}
              />
            </label>
            <label>
              {t('agentContracts.offer.minActive')}
              <input
                inputMode="numeric"
                value={tier.minActive}
                onChange={(e) => update(i, { minActive: e.target.value })}
              />
            </label>
            {!dividend && (
              <label>
                {t('agentContracts.offer.pays')}
                <select
                  value={tier.pays}
                  onChange={(e) => update(i, { pays: e.target.value as TierDraft['pays'] })}
                >
                  <option value="rate">{t('agentContracts.offer.rate')}</option>
                  <option value="amount">{t('agentContracts.offer.amount')}</option>
                </select>
              </label>
            )}
            <label>
              {dividend || tier.pays === 'rate'
                ? t('agentContracts.offer.percent')
                : t('agentContracts.offer.amount')}
              <input
                inputMode="decimal"
                value={tier.value}
                onChange={(e) => update(i, { value: e.target.value })}
              />
            </label>
            {tiers.length > 1 && (
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => setTiers(tiers.filter((_, j) => j !== i))}
              >
                {t('agentContracts.offer.removeTier')}
              </button>
            )}
            {tierError(i) && (
              <p role="alert" className="agent-error">
                {tierError(i)}
              </p>
            )}
          </div>
        ))}
        {tiers.length < MAX_TIERS && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setTiers([...tiers, emptyTier()])}
          >
            {t('agentContracts.offer.addTier')}
          </button>
        )}
      </fieldset>
      {generalErrors.length > 0 && (
        <p role="alert" className="agent-error">
          {generalErrors.join(' ')}
        </p>
      )}
      {offer.isError && Object.keys(fields).length === 0 && (
        <p role="alert" className="agent-error">
          {failure(offer.error)}
        </p>
      )}
      {done && (
        <p role="status" className="wallet-success">
          {t('agentContracts.offer.done', { account })}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={offer.isPending}>
        {t('agentContracts.offer.submit')}
      </button>
    </form>
  );
}
