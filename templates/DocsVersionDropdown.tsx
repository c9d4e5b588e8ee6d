/** The docs version menu; choosing a version is remembered by the runtime (no namespace, per spec). */
export function DocsVersionDropdown({
  label,
  href,
  changelogHref,
}: {
  label: string;
  href: string;
  changelogHref?: string;
}) {
  return (
    <div className="navbar__item dropdown" data-dropdown="">
      <button type="button" className="navbar__link dropdown__toggle" aria-haspopup="true" aria-expanded="false">
        {label}
      </button>
      <ul className="dropdown__menu">
        <li>
          <a
            className="dropdown__link dropdown__link--active"
            href={href}
            data-docs-version="current"
            aria-current="true"
          >
            {label}
          </a>
        </li>
        {changelogHref && (
          <li>
            <a className="dropdown__link" href={changelogHref}>
              Changelog
            </a>
          </li>
        )}
      </ul>
    </div>
  );
}
