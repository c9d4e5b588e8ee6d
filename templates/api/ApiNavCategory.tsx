/** A category of the reference's navigation (a tag, or the webhooks): its link, then one link per operation or webhook. */
export function ApiNavCategory({ href, label, entries }: { href: string; label: string; entries: { anchor: string; method: string; summary: string }[] }) {
  return (
    <div className="menu__category">
      <div className="menu__category-row">
        <a className="menu__link menu__link--category" href={href}>
          {label}
        </a>
      </div>
      <ul className="menu__list menu__list--nested">
        {entries.map((entry) => (
          <li key={entry.anchor} className="menu__item">
            <a className="menu__link api-nav__operation" href={`#${entry.anchor}`}>
              <span className={`api-method api-method--small api-method--${entry.method.toLowerCase()}`}>{entry.method}</span>
              <span>{entry.summary}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
