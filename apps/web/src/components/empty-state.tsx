import type { ReactNode } from 'react';

type EmptyStateProps = {
  icon?: ReactNode;
  title: string;
  message?: string;
  children?: ReactNode;
};

/** What a list or page shows when there is honestly nothing to show. */
export function EmptyState({ icon, title, message, children }: EmptyStateProps) {
  return (
    <div className="empty-state">
      {icon && <div className="empty-state__icon">{icon}</div>}
      <p className="empty-state__title">{title}</p>
      {message && <p className="empty-state__message">{message}</p>}
      {children}
    </div>
  );
}
