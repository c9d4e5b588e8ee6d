import type { TocItem } from '../src/model/pageData.ts';

/** Headings h2–h3 of the page, nested; the runtime highlights the one in view. */
export function TableOfContents({ items, className }: { items: TocItem[]; className: string }) {
  const groups: { item: TocItem; children: TocItem[] }[] = [];
  for (const item of items) {
    const parent = groups[groups.length - 1];
    if (item.level === 3 && parent) parent.children.push(item);
    else groups.push({ item, children: [] });
  }
  return (
    <ul className={`toc ${className}`}>
      {groups.map(({ item, children }) => (
        <li key={item.id}>
          <a className="toc__link" href={`#${item.id}`}>
            {item.text}
          </a>
          {children.length > 0 && (
            <ul>
              {children.map((child) => (
                <li key={child.id}>
                  <a className="toc__link" href={`#${child.id}`}>
                    {child.text}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
