import type { VersionLinkData } from '../src/model/pageData.ts';

/**
 * The docs version menu: every version, newest first, each linking to the same page in it (or its
 * first page). Choosing one is remembered by the runtime (no namespace, per spec), and pages the
 * versions share follow that choice (src/client/versionDropdown.ts).
 */
export function DocsVersionDropdown({
  label,
  href,
  changelogHref,
  versions,
}: {
  label: string;
  href: string;
  changelogHref?: string;
  versions: VersionLinkData[];
}) {
  const shown = versions.length > 0 ? versions : [{ name: 'current', label, href, active: true }];
  return (
    <div className="navbar__item dropdown" data-dropdown="" data-version-dropdown="">
      <button type="button" className="navbar__link dropdown__toggle" aria-haspopup="true" aria-expanded="false">
        {shown.find((version) => version.active)?.label ?? label}
      </button>
      <ul className="dropdown__menu">
        {shown.map((version) => (
          <li key={version.name}>
            <a
              className={`dropdown__link${version.active ? ' dropdown__link--active' : ''}`}
              href={version.href}
              data-docs-version={version.name}
              {...(version.active ? { 'aria-current': 'true' as const } : {})}
            >
              {version.label}
            </a>
          </li>
        ))}
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
