import type { ReactNode } from 'react';

type PageHeroProps = {
  title: string;
  subtitle?: string;
  icon?: ReactNode;
  children?: ReactNode;
  /** The h1's id, for a section that the heading names. */
  titleId?: string;
};

/** The heading band at the top of a page. */
export function PageHero({ title, subtitle, icon, children, titleId }: PageHeroProps) {
  return (
    <div className="page-hero">
      {icon && <div className="page-hero__icon">{icon}</div>}
      <div className="page-hero__text">
        <h1 id={titleId}>{title}</h1>
        {subtitle && <p>{subtitle}</p>}
      </div>
      {children && <div className="page-hero__extra">{children}</div>}
    </div>
  );
}
