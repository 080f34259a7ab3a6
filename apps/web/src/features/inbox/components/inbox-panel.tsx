import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { INBOX_MESSAGE_TYPES, type InboxMessage, type InboxMessageType } from '@jade/contracts/inbox';
import { EmptyState } from '../../../components/empty-state';
import { BellIcon, ChevronDownIcon } from '../../../components/icons';
import { LoadError, LoadingState } from '../../../components/load-state';
import { Pagination } from '../../../components/pagination';
import { formatDateTime } from '../../../lib/format';
import { useMoneyFormat } from '../../wallet/hooks/use-money-format';
import { useInbox, useMarkRead } from '../api/inbox';
import '../inbox.css';

type Rendered = { title: string; content: string };

/**
 * A platform message in the reader's language, from its template and parameters (decision 0047): a
 * language change re-renders it. Amounts go through the brand's money format; contract kinds,
 * categories and reasons through the agent centre's names.
 */
const render = (message: InboxMessage, t: TFunction, format: (minor: number) => string): Rendered => {
  if (!message.template) return { title: message.title, content: message.content };
  const { amount, contract, category, reason, ...rest } = message.params;
  const values = {
    ...rest,
    amount: typeof amount === 'number' ? format(amount) : '',
    contract: contract ? t(`agentContracts.kinds.${contract}` as 'agentContracts.kinds.DIVIDEND') : '',
    category: category ? t(`agentContracts.categories.${category}` as 'agentContracts.categories.LIVE') : '',
    reason: reason ? t(`agentContracts.reasons.${reason}` as 'agentContracts.reasons.REPLACED') : '',
  };
  if (message.template === 'MISSION_REWARD') {
    // Missions keep their strings in their own section (decision 0052).
    const points = typeof message.params.points === 'number' ? message.params.points : 0;
    const reward = [
      typeof amount === 'number' && amount > 0 ? format(amount) : null,
      points > 0
        ? t('missions.points', {
            points: (points / 100).toLocaleString(undefined, { maximumFractionDigits: 2 }),
          })
        : null,
    ].filter(Boolean);
    return {
      title: t('missions.inbox.title'),
      content: t('missions.inbox.content', { reward: reward.join(' + ') }),
    };
  }
  const key = `inbox.templates.${message.template}` as 'inbox.templates.DEPOSIT_APPROVED';
  return { title: t(`${key}.title`, values), content: t(`${key}.content`, values) };
};

/** §2 messageV2 (platform information): the member's inbox, a type at a time, read on opening. */
export function InboxPanel() {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  const [type, setType] = useState<InboxMessageType | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | undefined>(undefined);
  const inbox = useInbox(page, type);
  const markRead = useMarkRead();

  const choose = (next: InboxMessageType | undefined) => {
    setType(next);
    setPage(1);
    setOpenId(undefined);
  };
  const open = (message: InboxMessage) => {
    setOpenId(openId === message.id ? undefined : message.id);
    if (!message.isRead) markRead.mutate(message.id);
  };
  const unread = inbox.data?.unreadCount ?? 0;

  return (
    <section className="inbox" aria-label={t('inbox.title')}>
      <div className="inbox__bar">
        <div className="inbox__tabs" role="group" aria-label={t('inbox.filter')}>
          {[undefined, ...INBOX_MESSAGE_TYPES].map((option) => (
            <button
              key={option ?? 'ALL'}
              type="button"
              className="inbox__tab"
              aria-pressed={type === option}
              onClick={() => choose(option)}
            >
              {t(`inbox.types.${option ?? 'ALL'}`)}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate(undefined)}
        >
          {t('inbox.markAllRead')}
        </button>
      </div>
      {inbox.isPending ? (
        <LoadingState />
      ) : inbox.isError ? (
        <LoadError error={inbox.error} onRetry={() => void inbox.refetch()} />
      ) : inbox.data.items.length === 0 ? (
        <EmptyState icon={<BellIcon size={32} />} title={t('inbox.empty')} />
      ) : (
        <>
          <p className="inbox__summary" data-testid="inbox-unread">
            {t('inbox.unread', { count: unread })}
          </p>
          <ul className="inbox__list" aria-busy={inbox.isPlaceholderData}>
            {inbox.data.items.map((message) => (
              <InboxEntry
                key={message.id}
                message={message}
                rendered={render(message, t, format)}
                isOpen={openId === message.id}
                onToggle={() => open(message)}
              />
            ))}
          </ul>
          <Pagination
            page={page}
            totalPages={inbox.data.totalPages}
            label={t('inbox.pagination')}
            onChange={(next) => {
              setPage(next);
              setOpenId(undefined);
            }}
          />
        </>
      )}
    </section>
  );
}

type EntryProps = { message: InboxMessage; rendered: Rendered; isOpen: boolean; onToggle: () => void };

function InboxEntry({ message, rendered, isOpen, onToggle }: EntryProps) {
  const { t } = useTranslation();
  const panelId = useId();
  return (
    <li className="inbox-entry" data-unread={!message.isRead} data-open={isOpen}>
      <button
        type="button"
        className="inbox-entry__head"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={onToggle}
      >
        <span className="inbox-entry__dot" aria-hidden="true" />
        <span className="inbox-entry__title">
          {rendered.title}
          {!message.isRead && <span className="visually-hidden"> ({t('inbox.unreadMark')})</span>}
        </span>
        <span className="inbox-entry__type">{t(`inbox.types.${message.type}`)}</span>
        <time className="inbox-entry__date" dateTime={message.createdAt}>
          {formatDateTime(message.createdAt)}
        </time>
        <ChevronDownIcon size={18} />
      </button>
      {isOpen && (
        <div id={panelId} className="inbox-entry__panel">
          <h3>{rendered.title}</h3>
          {/* An operator's text is plain text: shown as written, never as HTML. */}
          <p className="inbox-entry__content">{rendered.content}</p>
        </div>
      )}
    </li>
  );
}
