import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '../components/feedback-form';
import { Link, useSearchParams } from 'react-router';
import type { HelpArticle } from '@jade/contracts/system';
import { EmptyState } from '../../../components/empty-state';
import { HtmlContent } from '../../../components/html-content';
import { HelpIcon } from '../../../components/icons';
import { LanguagePicker } from '../../../components/language-picker';
import { PageHero } from '../../../components/page-hero';
import { Spinner } from '../../../components/spinner';
import { useBrand } from '../../../config/brand';
import { helpArticlePath, paths } from '../../../config/paths';
import { useHelpCenter } from '../api/get-help-center';
import '../help.css';

const CATEGORY_ORDER = ['HELP', 'ABOUT'] as const;

/** §2 /help: the help-centre articles, one open at a time (query `key`). */
export function HelpPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const help = useHelpCenter();
  const articles = help.data?.articles ?? [];
  const selected = articles.find((article) => article.key === params.get('key')) ?? articles[0];

  return (
    <section className="page help-page" aria-labelledby="help-title">
      <PageHero
        titleId="help-title"
        title={t('help.title')}
        subtitle={t('help.subtitle')}
        icon={<HelpIcon size={32} />}
      />
      {help.isPending ? (
        <Loading />
      ) : articles.length === 0 ? (
        <EmptyState title={t('help.empty')} />
      ) : (
        <div className="help-page__layout">
          <nav className="help-page__nav" aria-label={t('help.articles')}>
            {CATEGORY_ORDER.map((category) => {
              const inCategory = articles.filter((article) => article.category === category);
              if (inCategory.length === 0) return null;
              return (
                <div key={category}>
                  <h2>{t(`help.categories.${category}`)}</h2>
                  <ul>
                    {inCategory.map((article) => (
                      <li key={article.key}>
                        <Link
                          to={helpArticlePath(article.key)}
                          aria-current={article === selected ? 'page' : undefined}
                          replace
                        >
                          {article.title}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </div>
              );
            })}
          </nav>
          {selected && <Article article={selected} />}
        </div>
      )}
      <FeedbackForm />
    </section>
  );
}

function Article({ article }: { article: HelpArticle }) {
  return (
    <article className="panel help-article" aria-labelledby="help-article-title">
      <h2 id="help-article-title">{article.title}</h2>
      <HtmlContent html={article.content} />
    </article>
  );
}

/**
 * §2 /helpmc: the bare help centre the customer-service window opens (440 wide): every article as a
 * collapsible entry, and the brand's other ways to reach support.
 */
export function HelpCenterPage() {
  const { t } = useTranslation();
  const { whitelabel } = useBrand();
  const help = useHelpCenter();
  const articles = help.data?.articles ?? [];
  const others = whitelabel.customerService.filter((link) => !link.url.startsWith(paths.helpCenter));

  return (
    <div className="help-center">
      <header className="help-center__bar">
        <span className="brand-name">{whitelabel.merchant.name}</span>
        <LanguagePicker />
      </header>
      <section className="help-center__body" aria-labelledby="help-center-title">
        <h1 id="help-center-title">{t('help.centerTitle')}</h1>
        <p className="help-center__lead">{t('help.centerLead')}</p>
        {help.isPending ? (
          <Loading />
        ) : articles.length === 0 ? (
          <EmptyState title={t('help.empty')} />
        ) : (
          <div className="help-center__articles">
            {articles.map((article) => (
              <details key={article.key} className="help-center__article">
                <summary>{article.title}</summary>
                <HtmlContent html={article.content} />
              </details>
            ))}
          </div>
        )}
        {others.length > 0 && (
          <div className="help-center__contacts">
            <h2>{t('help.otherWays')}</h2>
            <ul>
              {others.map((link) => (
                <li key={link.type}>
                  <a href={link.url} target="_blank" rel="noopener noreferrer">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
      <footer className="help-center__footer">
        {t('common.copyright', { year: new Date().getFullYear(), brand: whitelabel.merchant.name })}
      </footer>
    </div>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner" role="status">
      <Spinner />
      <span>{t('common.loading')}</span>
    </div>
  );
}
