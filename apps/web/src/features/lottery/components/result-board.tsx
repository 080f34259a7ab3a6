import { useTranslation } from 'react-i18next';
import type { DrawResultItem, LotteryRules } from '@jade/contracts/lottery';

type Tier = LotteryRules['tiers'][number];

/** A draw's prize rows, top to bottom (special first for Vietnamese draws, first prize for 4D). */
export function ResultBoard({ tiers, draw }: { tiers: readonly Tier[]; draw: DrawResultItem }) {
  const { t } = useTranslation();
  return (
    <table className="result-board">
      <tbody>
        {tiers.map((tier) => (
          <tr key={tier.code} className={`result-board__row result-board__row--${tier.code.toLowerCase()}`}>
            <th scope="row">{t(`lotto.tiers.${tier.code}` as 'lotto.tiers.FIRST')}</th>
            <td>
              {(draw.result[tier.code] ?? []).map((number, i) => (
                <span key={`${number}-${i}`} className="result-board__number">
                  {number}
                </span>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
