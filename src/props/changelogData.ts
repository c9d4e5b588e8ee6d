import { subjectHeading } from '../apidiff/formatChanges.ts';
import { fragmentHref } from '../model/apiAnchors.ts';
import {
  changelogSectionId,
  type ApiChange,
  type ChangelogGroup,
  type ChangelogVersion,
  type VersionChanges,
} from '../model/apiChanges.ts';
import type { TocItem } from '../model/pageData.ts';

const versionId = (label: string) =>
  `${changelogSectionId}-${label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;

/**
 * The changelog as its page and feed show it: every version's changes, grouped by what they
 * concern, with links into the reference (`link` turns a site path into a link: under the base
 * URL on the page, absolute in the feed).
 */
export function changelogData(apiChanges: VersionChanges[], link: (sitePath: string) => string): ChangelogVersion[] {
  return apiChanges.map(({ version, previous, updated, set }) => {
    const groups: ChangelogGroup[] = [];
    for (const change of set.changes) {
      const heading = subjectHeading(change.subject);
      let group = groups.at(-1);
      if (group?.heading !== heading) {
        const shownIn = change.shownIn === 'old' && isRemoval(change) ? previous : version;
        groups.push(
          (group = {
            heading,
            href:
              change.subject.kind === 'api'
                ? undefined
                : link(`${shownIn.apiBase}${fragmentHref(change.subject.anchor)}`),
            method: change.subject.kind === 'api' ? undefined : change.subject.method,
            changes: [],
          }),
        );
      }
      group.changes.push({ classification: change.classification, message: change.message, rule: change.rule });
    }
    return {
      id: versionId(version.label),
      label: version.label,
      previous: previous.label,
      href: link(version.apiBase),
      previousHref: link(previous.apiBase),
      updated,
      breaking: set.breaking,
      nonBreaking: set.nonBreaking,
      groups,
    };
  });
}

/** A removed operation or webhook is shown only by the version before: its link goes there. */
const isRemoval = (change: ApiChange) => change.target.kind === 'operation' && change.shownIn === 'old';

/** The entries the changelog's section adds to the page's table of contents, before the writers' headings. */
export function changelogToc(versions: ChangelogVersion[]): TocItem[] {
  if (versions.length === 0) return [];
  return [
    { id: changelogSectionId, text: 'API changes', level: 2 },
    ...versions.map((version) => ({ id: version.id, text: version.label, level: 3 as const })),
  ];
}

/**
 * The API changes a page shows above its prose: on the changelog page (`docs.changelogPath`) of a
 * site with more than one version; `link` as changelogData's.
 */
export function changelogOfPage(
  site: { config: { docs: { changelogPath?: string } }; apiChanges?: VersionChanges[] },
  route: string,
  link: (sitePath: string) => string,
): ChangelogVersion[] | undefined {
  if (route !== site.config.docs.changelogPath || !site.apiChanges?.length) return undefined;
  return changelogData(site.apiChanges, link);
}
