import { formatLocation, type SourceLocation } from '../errors.ts';
import type { ApiChange, ApiChangeSet, ChangeSubject } from '../model/apiChanges.ts';

/** The heading a subject's changes are grouped under: `GET /bundles/ (listBundles)`, `Webhook bundle_sent (POST)`, `API`. */
export function subjectHeading(subject: ChangeSubject): string {
  if (subject.kind === 'operation') return `${subject.method} ${subject.path} (${subject.id})`;
  if (subject.kind === 'webhook') return `Webhook ${subject.name} (${subject.method})`;
  return 'API';
}

/**
 * The change set as text, grouped by operation like oasdiff's changelog: each change's class,
 * sentence and rule, then where it is written in the old and the new description (`file` is how
 * a file is named: relative to the working folder, as compilers print it).
 */
export function formatChanges(set: ApiChangeSet, file: (absolute: string) => string): string {
  const at = (location: SourceLocation | undefined) =>
    location && formatLocation({ ...location, file: file(location.file) });
  const lines: string[] = [];
  let heading: string | undefined;
  for (const change of set.changes) {
    const next = subjectHeading(change.subject);
    if (next !== heading) {
      if (heading !== undefined) lines.push('');
      lines.push(next);
      heading = next;
    }
    lines.push(`  ${change.classification.padEnd(12)}  ${change.message} [${change.rule}]`);
    const where = placesOf(change).map(at).filter(Boolean).join(' → ');
    if (where) lines.push(`  ${''.padEnd(12)}  ${where}`);
  }
  if (lines.length > 0) lines.push('');
  const total = set.changes.length;
  lines.push(
    total === 0
      ? `No changes to the API from ${set.old} to ${set.new}.`
      : `${total} change${total === 1 ? '' : 's'} from ${set.old} to ${set.new}: ${set.breaking} breaking, ${set.nonBreaking} non-breaking.`,
  );
  return lines.join('\n');
}

/** Where a change is: in the old description for what was removed, else where each description has it. */
const placesOf = (change: ApiChange) =>
  change.shownIn === 'old' ? [change.oldLocation] : [change.oldLocation, change.newLocation];
