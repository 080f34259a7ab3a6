import { useTranslation } from 'react-i18next';
import { HtmlContent } from '../../../components/html-content';
import { useBrand } from '../../../config/brand';
import { useHelpCenter } from '../../help/api/get-help-center';

/**
 * The agent policy (AGENTPOLICY3): the brand's own text from its help centre, the `agent-policy`
 * article, else its `affiliates` one. Nothing when the flag is off or the brand wrote neither.
 */
export function AgentPolicy() {
  const { t } = useTranslation();
  const { whitelabel } = useBrand();
  const help = useHelpCenter();
  if (!whitelabel.whitelabel.AGENTPOLICY3) return null;
  const articles = help.data?.articles ?? [];
  const article =
    articles.find((entry) => entry.key === 'agent-policy') ??
    articles.find((entry) => entry.key === 'affiliates');
  if (!article) return null;
  return (
    <section className="agent-join__section agent-policy" aria-labelledby="agent-policy-title">
      <h3 id="agent-policy-title">{t('agentJoin.policy.title')}</h3>
      <HtmlContent html={article.content} />
    </section>
  );
}
