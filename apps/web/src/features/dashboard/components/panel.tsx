import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TPanelData } from '../api/dashboard.ts';

// The dashboard is plain HTML in antd's look, so the first signed-in page does not pull in antd's
// Card, List or Typography (docs/decisions/003).

type TPanelProps = {
  title: string;
  className?: string;
  /** The whole list this panel is a glance at. */
  more?: { href: string; label: string } | undefined;
  children: ReactNode;
};

export const Panel = ({ title, className, more, children }: TPanelProps) => (
  <section className={`dash-panel${className ? ` ${className}` : ''}`} aria-label={title}>
    <div className="dash-panel__head">
      <h2 className="dash-panel__title">{title}</h2>
      {more && (
        <Link to={more.href} className="dash-panel__more">
          {more.label}
        </Link>
      )}
    </div>
    <div className="dash-panel__body">{children}</div>
  </section>
);

/**
 * A panel's rows once they are in: "Loading…" before, a line saying they could not be loaded on a
 * failure, `empty` when there are none.
 */
export const PanelRows = <TData,>({
  panel,
  isEmpty,
  empty,
  children,
}: {
  panel: TPanelData<TData> | undefined;
  isEmpty: (data: TData) => boolean;
  empty: ReactNode;
  children: (data: TData) => ReactNode;
}) => {
  if (!panel || panel.status === 'loading') {
    return (
      <p className="dash-secondary" role="status">
        Loading…
      </p>
    );
  }
  if (panel.status === 'error')
    return <p className="dash-secondary">This could not be loaded. Reload the page to try again.</p>;
  return isEmpty(panel.data) ? <div className="dash-empty">{empty}</div> : children(panel.data);
};

/** One row of a panel: what it is (a link when it has a page) and a line of facts under it. */
export const PanelRow = ({ title, href, facts }: { title: ReactNode; href?: string; facts: ReactNode }) => (
  <li className="dash-row">
    {href ? (
      <Link to={href} className="dash-row__title">
        {title}
      </Link>
    ) : (
      <span className="dash-row__title">{title}</span>
    )}
    <span className="dash-row__facts">{facts}</span>
  </li>
);
