import { Suspense, type ComponentType } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';

export type CenterItem = {
  id: string;
  label: string;
  Panel: ComponentType;
  /** A count shown beside the label (missionLeaderboard: missions, when above 0). */
  badge?: number;
};

type CenterFrameProps = {
  items: readonly CenterItem[];
  activeId: string | undefined;
  onSelect: (id: string) => void;
  menuLabel: string;
  emptyTitle: string;
  loadingLabel: string;
};

/** The personal and agent centres: a left menu of the features that exist, the active one beside it. */
export function CenterFrame({
  items,
  activeId,
  onSelect,
  menuLabel,
  emptyTitle,
  loadingLabel,
}: CenterFrameProps) {
  const active = items.find((item) => item.id === activeId) ?? items[0];
  if (!active) return <EmptyState title={emptyTitle} />;
  const { Panel } = active;
  return (
    <div className="center">
      <nav className="center__menu" aria-label={menuLabel}>
        <ul>
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="center__item"
                data-item={item.id}
                aria-current={item === active ? 'page' : undefined}
                onClick={() => onSelect(item.id)}
              >
                <span>{item.label}</span>
                {item.badge ? <span className="badge">{item.badge}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <section className="center__content" aria-label={active.label}>
        <h3 className="center__title">{active.label}</h3>
        <Suspense
          fallback={
            <div className="page-spinner" role="status">
              <Spinner />
              <span>{loadingLabel}</span>
            </div>
          }
        >
          <Panel />
        </Suspense>
      </section>
    </div>
  );
}
