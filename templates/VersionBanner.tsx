import type { PageData } from '../src/model/pageData.ts';

/** Above a page of an older version: which version it is, and the way to the latest one. */
export function VersionBanner({ banner }: { banner: NonNullable<PageData['versionBanner']> }) {
  return (
    <aside className="admonition admonition--warning version-banner" role="note" data-version-banner="">
      <p>
        This is the documentation of version {banner.label}, which is no longer the latest. The latest version is{' '}
        {banner.latestLabel}:{' '}
        <a href={banner.href}>{banner.samePage ? 'read this page there' : 'go to its documentation'}</a>.
      </p>
    </aside>
  );
}
