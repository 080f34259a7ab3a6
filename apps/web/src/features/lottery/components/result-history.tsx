import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DrawResultItem, LotteryRules } from '@jade/contracts/lottery';
import { LoadError, LoadingState } from '../../../components/load-state';
import { formatDateTime } from '../../../lib/format';
import { useRecentResults } from '../api/get-results';
import { FairProof } from './fair-proof';
import { ResultBoard } from './result-board';

/**
 * Where a result came from (issue 20 item 5): the official result, or the fair draw, which on a
 * lottery with official results (the demo's daily draws) says it is not the official result.
 */
function ResultSource({ draw }: { draw: DrawResultItem }) {
  const { t } = useTranslation();
  return (
    <p className="lotto-source" data-testid="result-source" data-source={draw.source}>
      {t(`lotto.source.${draw.source}`)}
    </p>
  );
}

/**
 * A closed draw of the history: its prize rows and fairness proof are built when it is first opened,
 * so the lobby's first render does not build nine hidden boards (decision 0091).
 */
function PastDraw({ summary, children }: { summary: ReactNode; children: () => ReactNode }) {
  const [isOpened, setOpened] = useState(false);
  return (
    <details onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary>{summary}</summary>
      {isOpened && children()}
    </details>
  );
}

/** The latest result in full, then the past ones (each opens to its prize rows and fairness proof). */
export function ResultHistory({ rules }: { rules: LotteryRules }) {
  const { t } = useTranslation();
  const results = useRecentResults(rules.gameCode);
  const drawKey = (numero: string) => `${rules.vassalage}:${rules.gameCode}:${numero}`;
  if (results.isPending) return <LoadingState />;
  if (results.isError) return <LoadError error={results.error} onRetry={() => void results.refetch()} />;
  const [latest, ...past] = results.data;
  return (
    <>
      <section className="lotto-panel" aria-labelledby="lotto-latest">
        <h3 id="lotto-latest">
          {t('lotto.latest')}
          {latest && <small> · {t('lotto.numero', { numero: latest.numero })}</small>}
        </h3>
        {latest ? (
          <>
            <ResultSource draw={latest} />
            <ResultBoard tiers={rules.tiers} draw={latest} />
            <details className="lotto-fair">
              <summary>{t('lotto.fair.title')}</summary>
              <FairProof draw={latest} rules={rules} drawKey={drawKey(latest.numero)} />
            </details>
          </>
        ) : (
          <p className="lotto-empty">{t('lotto.noResults')}</p>
        )}
      </section>
      {past.length > 0 && (
        <section className="lotto-panel" aria-labelledby="lotto-history">
          <h3 id="lotto-history">{t('lotto.history')}</h3>
          <ul className="lotto-history">
            {past.map((draw) => (
              <li key={draw.numero}>
                <PastDraw
                  summary={
                    <>
                      <span>{t('lotto.numero', { numero: draw.numero })}</span>
                      <time dateTime={draw.drawsAt}>{formatDateTime(draw.drawsAt)}</time>
                      <strong>{(draw.result[rules.tiers[0]?.code ?? ''] ?? []).join(' ')}</strong>
                    </>
                  }
                >
                  {() => (
                    <>
                      <ResultSource draw={draw} />
                      <ResultBoard tiers={rules.tiers} draw={draw} />
                      <FairProof draw={draw} rules={rules} drawKey={drawKey(draw.numero)} />
                    </>
                  )}
                </PastDraw>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
