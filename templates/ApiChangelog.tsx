import { changelogSectionId, type ChangelogGroup, type ChangelogVersion } from '../src/model/apiChanges.ts';
import { capitalised, changeCounts, changelogIntro, classText } from '../src/model/changelogText.ts';

/**
 * The changelog page's generated part, above the writers' prose: for each version, what changed
 * in its API description since the version before, grouped by operation, each change marked
 * breaking or not and linked to the reference of the version that shows it.
 */
export function ApiChangelog({ versions }: { versions: ChangelogVersion[] }) {
  return (
    <section className="api-changes" aria-labelledby={changelogSectionId}>
      <h2 id={changelogSectionId}>API changes</h2>
      <p>{changelogIntro}</p>
      {versions.map((version) => (
        <section key={version.id} aria-labelledby={version.id}>
          <h3 id={version.id}>{version.label}</h3>
          <ApiChangesOfVersion version={version} />
        </section>
      ))}
    </section>
  );
}

/** A version's changes: how many, against which version, then each (the page's section and the feed's entry). */
export function ApiChangesOfVersion({ version }: { version: ChangelogVersion }) {
  return (
    <>
      <ApiChangesSummary version={version} />
      <ApiChangeGroups groups={version.groups} />
    </>
  );
}

/** How many changes a version has, of which breaking, against which version. */
function ApiChangesSummary({ version }: { version: ChangelogVersion }) {
  const { count, split } = changeCounts(version);
  return (
    <p>
      {count} since <a href={version.previousHref}>{version.previous}</a>
      {split}. See the <a href={version.href}>{version.label} API reference</a>.
    </p>
  );
}

/** The changes of a version, one list per operation, webhook or the API as a whole. */
function ApiChangeGroups({ groups }: { groups: ChangelogGroup[] }) {
  return (
    <>
      {groups.map((group, index) => (
        <div key={index} className="api-changes__group">
          <p className="api-changes__subject">
            {group.method && (
              <span className={`api-method api-method--small api-method--${group.method.toLowerCase()}`}>
                {group.method}
              </span>
            )}{' '}
            {group.href ? <a href={group.href}>{group.heading}</a> : group.heading}
          </p>
          <ul className="api-changes__list">
            {group.changes.map((change, at) => (
              <li key={at}>
                <span className={`api-change-class api-change-class--${change.classification}`}>
                  {classText(change.classification)}
                </span>{' '}
                {capitalised(change.message)} <code className="api-changes__rule">{change.rule}</code>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}
