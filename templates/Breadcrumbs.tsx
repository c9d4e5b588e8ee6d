import type { DocData } from '../src/model/pageData.ts';
import { HomeIcon } from './icons.tsx';

/** What the breadcrumbs receive (and a project's replacement for them: config `components.Breadcrumbs`). */
export interface BreadcrumbsProps {
  items: DocData['breadcrumbs'];
  homeHref: string;
}

/** The categories above a docs page, from the home page down. */
export function Breadcrumbs({ items, homeHref }: BreadcrumbsProps) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        <li>
          <a href={homeHref} aria-label="Home page" className="breadcrumbs__link">
            <HomeIcon />
          </a>
        </li>
        {items.map((item, index) => (
          <li key={index}>
            {item.href && index < items.length - 1 ? (
              <a className="breadcrumbs__link" href={item.href}>
                {item.label}
              </a>
            ) : (
              <span
                className="breadcrumbs__link"
                {...(index === items.length - 1 ? { 'aria-current': 'page' as const } : {})}
              >
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
