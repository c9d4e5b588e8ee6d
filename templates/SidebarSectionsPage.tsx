import type { PageData, SidebarItem } from '../src/model/pageData.ts';
import { Layout } from './Layout.tsx';

/**
 * Every section and page of a large sidebar, which docs pages show only in part: the way to any
 * page for a reader whose browser runs no script (docs pages link here).
 */
export function SidebarSectionsPage({ page, items }: { page: PageData; items: SidebarItem[] }) {
  return (
    <Layout page={page} pageClass="page-sidebar-sections">
      <main id="__docsgen_content" className="container narrow" tabIndex={-1}>
        <h1>All sections</h1>
        <SectionTree items={items} />
      </main>
    </Layout>
  );
}

function SectionTree({ items }: { items: SidebarItem[] }) {
  return (
    <ul>
      {items.map((item) =>
        item.type === 'gap' ? undefined : (
          // A category's id: the target of the "Show N more" links of its windowed list in docs pages.
          <li key={item.type === 'link' ? item.href : item.id} id={item.type === 'category' ? item.id : undefined}>
            {item.href ? <a href={item.href}>{item.label}</a> : item.label}
            {item.type === 'category' && item.items.length > 0 && <SectionTree items={item.items} />}
          </li>
        ),
      )}
    </ul>
  );
}
