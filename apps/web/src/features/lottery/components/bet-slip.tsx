import { memo, useCallback, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { LotteryRules } from '@jade/contracts/lottery';
import { useModals } from '../../../components/modal/modal-context';
import { useRequireLogin } from '../../../lib/use-require-login';
import type { FieldMessage } from '../../accounts/utils/field-rules';
import { balanceQueryKey } from '../../accounts/api/get-balance';
import { AmountField } from '../../wallet/components/amount-field';
import { SuccessNote, useFailureText } from '../../wallet/components/panel-state';
import { useIdempotentSend } from '../../wallet/hooks/use-idempotent-send';
import { useMoneyFormat } from '../../wallet/hooks/use-money-format';
import { parseAmount, toAmountInput } from '../../wallet/utils/amount';
import { lotteryKeys } from '../api/query-keys';
import { usePopularNumbers, useVnNumbers } from '../api/get-number-stats';
import { initialBetType, isNumberOf, QUICK_PICKS, quickPick, slipCost, type BetRule } from '../slip';
import { NumberCell } from './number-cell';

/** At most this many numbers on one slip (the server's rule too). */
const MAX_NUMBERS = 100;

/**
 * A cell renders only when its own props change, not as each of the lobby's answers (rules, draw
 * state, statistics, balance) arrives (decision 0092). Memoized here, where the grid uses it.
 */
const GridCell = memo(NumberCell);

type BetSlipProps = {
  rules: LotteryRules;
  /** The draw taking bets; none while the next one is being made. */
  numero: string | undefined;
  playType: string | null;
};

/**
 * The bet slip: a bet type, its numbers (a grid for one and two digits with quick picks and the week's
 * popular numbers, typed numbers for three and four), the stake per point and the total it costs; a
 * confirmation before the money moves, once per request key.
 */
export function BetSlip({ rules, numero, playType }: BetSlipProps) {
  const { t } = useTranslation();
  const [typeCode, setTypeCode] = useState(() => initialBetType(rules, playType)?.code);
  const rule = rules.betTypes.find((r) => r.code === typeCode) ?? rules.betTypes[0];
  const [numbers, setNumbers] = useState<string[]>([]);
  const { format, scale } = useMoneyFormat();
  const [stakeText, setStakeText] = useState(() => toAmountInput(Math.max(rules.limits.minStake, 1), scale));
  /** The draw the last bet went on: its note shows while that draw still takes bets. */
  const [placed, setPlaced] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [isBusy, setBusy] = useState(false);
  const requireLogin = useRequireLogin();
  const modals = useModals();
  const send = useIdempotentSend();
  const failureText = useFailureText();
  const queryClient = useQueryClient();
  const limit = rule?.groupSize ?? MAX_NUMBERS;
  // Stable while the bet type's group size is, so the grid's cells keep their props (decision 0092).
  const toggle = useCallback(
    (number: string) =>
      setNumbers((current) =>
        current.includes(number)
          ? current.filter((n) => n !== number)
          : current.length >= limit
            ? current
            : [...current, number],
      ),
    [limit],
  );
  const addAll = useCallback(
    (more: string[]) => setNumbers((current) => [...new Set([...current, ...more])].slice(0, limit)),
    [limit],
  );

  if (!rule) return null;
  const stake = parseAmount(stakeText, scale);
  const stakeMinor = stake.ok ? stake.minor : 0;
  const total = slipCost(rule, numbers, stakeMinor);
  const needsGroup = rule.groupSize !== null && numbers.length !== rule.groupSize;
  const stakeError: FieldMessage | undefined = !stake.ok
    ? stake.error
    : stakeMinor < rules.limits.minStake
      ? { key: 'lotto.minStake', params: { amount: format(rules.limits.minStake) } }
      : rules.limits.perBet > 0 && total > rules.limits.perBet
        ? { key: 'lotto.maxBet', params: { amount: format(rules.limits.perBet) } }
        : undefined;
  const canPlace = Boolean(numero) && numbers.length > 0 && !needsGroup && !stakeError && !isBusy;

  const chooseType = (code: string) => {
    const next = rules.betTypes.find((r) => r.code === code);
    setTypeCode(next?.code);
    // Numbers of another length mean nothing to the new type.
    if (next && next.digits !== rule.digits) setNumbers([]);
    setPlaced(undefined);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canPlace || !numero) return;
    requireLogin(() => void confirmAndPlace(numero));
  };
  const confirmAndPlace = async (drawNumero: string) => {
    // The bet's call and its schema (zod) load while the member confirms, not with the lobby (decision 0092).
    const placing = import('../api/place-bet');
    placing.catch(() => undefined);
    const typeName = t(`lotto.types.${rule.code}` as 'lotto.types.LO2');
    const isSure = await modals.confirm({
      title: t('lotto.confirmTitle'),
      message: t('lotto.confirm', {
        type: typeName,
        numbers: numbers.join(', '),
        numero: drawNumero,
        total: format(total),
      }),
    });
    if (!isSure) return;
    const request = {
      gameCode: rules.gameCode,
      numero: drawNumero,
      betType: rule.code,
      numbers,
      stake: stakeMinor,
    };
    setBusy(true);
    setFailure(undefined);
    setPlaced(undefined);
    try {
      await send(request, async (key) => (await placing).placeLotteryBet(request, key));
      setPlaced(drawNumero);
      setNumbers([]);
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: lotteryKeys.allMyBets });
      void queryClient.invalidateQueries({ queryKey: lotteryKeys.popular(rules.gameCode) });
      void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
    }
  };

  return (
    <form className="bet-slip" onSubmit={submit} aria-labelledby="bet-slip-title">
      <h3 id="bet-slip-title" className="visually-hidden">
        {t('lotto.betType')}
      </h3>
      <div className="bet-slip__types" role="radiogroup" aria-label={t('lotto.betType')}>
        {rules.betTypes.map((r) => (
          <button
            key={r.code}
            type="button"
            role="radio"
            aria-checked={r.code === rule.code}
            className="bet-slip__type"
            onClick={() => chooseType(r.code)}
          >
            {t(`lotto.types.${r.code}` as 'lotto.types.LO2')}
          </button>
        ))}
      </div>
      <p className="bet-slip__odds">
        {rule.payout !== null
          ? t(rule.groupSize !== null ? 'lotto.payoutGroup' : 'lotto.payout', {
              amount: format(Math.floor((Math.max(stakeMinor, 0) * rule.payout) / 100)),
            })
          : rules.fourD &&
            t('lotto.payout4d', {
              big: `${rules.fourD.bigReturn / 100}%`,
              small: `${rules.fourD.smallReturn / 100}%`,
            })}
        {rule.groupSize !== null && <span> {t('lotto.pickGroup', { count: rule.groupSize })}</span>}
      </p>
      <NumberPicker rules={rules} rule={rule} numbers={numbers} onToggle={toggle} onAdd={addAll} />
      <div className="bet-slip__chosen" aria-live="polite">
        <span>{t('lotto.numbers')}:</span>{' '}
        <strong data-testid="slip-numbers">{numbers.join(' ') || '–'}</strong>
        {numbers.length > 0 && (
          <button type="button" className="link-button" onClick={() => setNumbers([])}>
            {t('lotto.clear')}
          </button>
        )}
      </div>
      <div className="bet-slip__money">
        <AmountField
          name="stake"
          label={t('lotto.stake')}
          isRequired
          value={stakeText}
          onChange={(value) => {
            setStakeText(value);
            setPlaced(undefined);
          }}
          error={stakeText ? stakeError : undefined}
        />
        <div className="bet-slip__total">
          <span>{t('lotto.total')}</span>
          <strong data-testid="slip-total">{format(total)}</strong>
        </div>
        <button type="submit" className="button button--primary" disabled={!canPlace}>
          {t('lotto.place')}
        </button>
      </div>
      {placed && placed === numero && <SuccessNote>{t('lotto.placed', { numero: placed })}</SuccessNote>}
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
    </form>
  );
}

type NumberPickerProps = {
  rules: LotteryRules;
  rule: BetRule;
  numbers: string[];
  onToggle: (number: string) => void;
  onAdd: (numbers: string[]) => void;
};

/** One and two digits: a grid (with each lô's hits over the last hundred results); three and four: typed. */
function NumberPicker({ rules, rule, numbers, onToggle, onAdd }: NumberPickerProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const isGrid = rule.digits <= 2;
  const isVietnamese = rules.structure !== 'SEA4D';
  const popular = usePopularNumbers(rules.gameCode);
  const stats = useVnNumbers(rules.gameCode, isVietnamese && rule.digits === 2);
  // The grid's cells (number, hits, title), made again only when the statistics or the digits change.
  const cells = useMemo(() => {
    if (rule.digits > 2) return [];
    // No hits to show before the game has results.
    const data = stats.data?.draws ? stats.data : undefined;
    const hitsOf = new Map(data ? data.numbers.map((n) => [n.number, n.hits]) : []);
    return Array.from({ length: rule.digits === 1 ? 10 : 100 }, (_, n) => {
      const number = String(n).padStart(rule.digits, '0');
      const hits = hitsOf.get(number);
      const title =
        hits !== undefined ? t('lotto.hits', { number, count: hits, draws: data?.draws ?? 0 }) : undefined;
      return { number, hits, title };
    });
  }, [rule.digits, stats.data, t]);
  const chosen = new Set(numbers);
  const popularHere = (popular.data ?? []).map((p) => p.number).filter((n) => isNumberOf(rule, n));
  const canQuickPick = rule.digits === 2 && rule.groupSize === null;

  if (!isGrid) {
    const add = (event?: FormEvent) => {
      event?.preventDefault();
      if (!isNumberOf(rule, typed)) return;
      onAdd([typed]);
      setTyped('');
    };
    const random = () =>
      onAdd([
        Array.from(crypto.getRandomValues(new Uint8Array(rule.digits)), (b) => String(b % 10)).join(''),
      ]);
    return (
      <div className="number-entry">
        <label className="number-entry__field">
          <span>{t('lotto.typeNumber', { digits: rule.digits })}</span>
          <input
            value={typed}
            inputMode="numeric"
            maxLength={rule.digits}
            pattern={`\\d{${rule.digits}}`}
            onChange={(event) => setTyped(event.target.value.replace(/\D/g, ''))}
            onKeyDown={(event) => {
              if (event.key === 'Enter') add(event);
            }}
          />
        </label>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => add()}
          disabled={!isNumberOf(rule, typed)}
        >
          {t('lotto.add')}
        </button>
        <button type="button" className="button button--secondary" onClick={random}>
          {t('lotto.quick')}
        </button>
        {popularHere.length > 0 && <PopularRow numbers={popularHere} chosen={chosen} onToggle={onToggle} />}
        {numbers.length > 0 && (
          <ul className="number-entry__chips">
            {numbers.map((n) => (
              <li key={n}>
                <button type="button" className="number-chip" aria-pressed="true" onClick={() => onToggle(n)}>
                  {n} ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }

  return (
    <div className="number-grid-wrap">
      {canQuickPick && (
        <div className="quick-picks" role="group" aria-label={t('lotto.quick')}>
          {QUICK_PICKS.map((pick) => (
            <button key={pick} type="button" className="quick-pick" onClick={() => onAdd(quickPick(pick))}>
              {t(`lotto.quickPicks.${pick}`)}
            </button>
          ))}
          <select
            className="quick-pick"
            aria-label={t('lotto.quickPicks.row', { row: 'x' })}
            value=""
            onChange={(event) => event.target.value && onAdd(quickPick(`row${Number(event.target.value)}`))}
          >
            <option value="">{t('lotto.quickPicks.row', { row: 'x' })}</option>
            {Array.from({ length: 10 }, (_, row) => (
              <option key={row} value={row}>
                {t('lotto.quickPicks.row', { row })}
              </option>
            ))}
          </select>
        </div>
      )}
      {popularHere.length > 0 && <PopularRow numbers={popularHere} chosen={chosen} onToggle={onToggle} />}
      <div className={`number-grid number-grid--${rule.digits}`} role="group" aria-label={t('lotto.numbers')}>
        {cells.map(({ number, hits, title }) => (
          <GridCell
            key={number}
            number={number}
            isChosen={chosen.has(number)}
            hits={hits}
            title={title}
            onToggle={onToggle}
          />
        ))}
      </div>
    </div>
  );
}

function PopularRow({
  numbers,
  chosen,
  onToggle,
}: {
  numbers: string[];
  chosen: Set<string>;
  onToggle: (number: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="popular-numbers" role="group" aria-label={t('lotto.popular')}>
      <span>{t('lotto.popular')}</span>
      {numbers.map((n) => (
        <button
          key={n}
          type="button"
          className="number-chip"
          aria-pressed={chosen.has(n)}
          onClick={() => onToggle(n)}
        >
          {n}
        </button>
      ))}
    </div>
  );
}
