import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DrawResultItem, LotteryRules } from '@jade/contracts/lottery';

type Verdict = 'ok' | 'bad' | undefined;

/**
 * A draw's fairness proof: the hash published before the draw, the seed revealed with it, and a check
 * run in this browser (Web Crypto) that the seed matches and gives exactly this result (decision 0019).
 */
export function FairProof({
  draw,
  rules,
  drawKey,
}: {
  draw: DrawResultItem;
  rules: LotteryRules;
  drawKey: string;
}) {
  const { t } = useTranslation();
  const [verdict, setVerdict] = useState<Verdict>();
  const [isChecking, setChecking] = useState(false);
  if (!draw.serverSeed || !draw.seedHash)
    return <p className="fair-proof__note">{t('lotto.fair.official')}</p>;
  const seed = draw.serverSeed;
  const verify = async () => {
    setChecking(true);
    try {
      const { recomputeFairDraw, sha256Hex } = await import('@jade/contracts/fair-lottery');
      const recomputed = await recomputeFairDraw(rules.tiers, seed, drawKey, {
        distinct: rules.structure === 'SEA4D',
      });
      const sameResult = rules.tiers.every(
        (tier) => (recomputed[tier.code] ?? []).join() === (draw.result[tier.code] ?? []).join(),
      );
      setVerdict((await sha256Hex(seed)) === draw.seedHash && sameResult ? 'ok' : 'bad');
    } finally {
      setChecking(false);
    }
  };
  return (
    <div className="fair-proof">
      <dl>
        <dt>{t('lotto.fair.hash')}</dt>
        <dd>
          <code>{draw.seedHash}</code>
        </dd>
        <dt>{t('lotto.fair.seed')}</dt>
        <dd>
          <code>{seed}</code>
        </dd>
        <dt>{t('lotto.fair.key')}</dt>
        <dd>
          <code>{drawKey}</code>
        </dd>
      </dl>
      <p className="fair-proof__note">{t('lotto.fair.how')}</p>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void verify()}
        disabled={isChecking}
      >
        {t('lotto.fair.verify')}
      </button>
      {verdict && (
        <p role="status" className={verdict === 'ok' ? 'fair-proof__ok' : 'form-error'}>
          {t(verdict === 'ok' ? 'lotto.fair.ok' : 'lotto.fair.bad')}
        </p>
      )}
    </div>
  );
}
