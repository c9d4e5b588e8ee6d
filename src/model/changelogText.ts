import { changelogSectionId, type ChangelogVersion } from './apiChanges.ts';
import type { PageRecord } from './searchRecord.ts';

/** The sentence under the section's heading, on the page and in its twin. */
export const changelogIntro = "Generated from each version's OpenAPI description, compared with the version before it.";

/** How many changes a version has (`4 changes`) and, when it has some, how many of them break (`: 1 breaking, 3 non-breaking`). */
export function changeCounts(version: ChangelogVersion): { count: string; split: string } {
  const total = version.breaking + version.nonBreaking;
  return {
    count: total === 0 ? 'No changes to the API' : `${total} change${total === 1 ? '' : 's'}`,
    split: total > 0 ? `: ${version.breaking} breaking, ${version.nonBreaking} non-breaking` : '',
  };
}

/** A change's class as a reader reads it. */
export const classText = (classification: string) => (classification === 'breaking' ? 'Breaking' : 'Non-breaking');
/** A change's sentence, starting a line. */
export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** Text that Markdown would otherwise read as markup (emphasis, links, code, HTML). */
const escaped = (text: string) => text.replace(/[\\`*[\]<>]/g, '\\$&');

/**
 * The changelog's generated section as Markdown, for the page's Markdown twin (and llms-full.txt):
 * the same headings, sentences and links as the page (`versions` made with absolute links).
 */
export function changelogMarkdown(versions: ChangelogVersion[]): string {
  const lines = ['## API changes', '', changelogIntro, ''];
  for (const version of versions) {
    const { count, split } = changeCounts(version);
    lines.push(`### ${escaped(version.label)}`, '');
    lines.push(
      `${count} since [${escaped(version.previous)}](${version.previousHref})${split}. See the [${escaped(version.label)} API reference](${version.href}).`,
      '',
    );
    for (const group of version.groups) {
      lines.push(group.href ? `**[${escaped(group.heading)}](${group.href})**` : `**${escaped(group.heading)}**`, '');
      for (const change of group.changes)
        lines.push(
          `- ${classText(change.classification)}: ${escaped(capitalised(change.message))} (\`${change.rule}\`)`,
        );
      lines.push('');
    }
  }
  return lines.join('\n');
}

/**
 * The changelog's generated section as search records below the page's title (`lvl1`): its
 * heading and sentence, then each version's heading, its counts, and a record per operation,
 * webhook or the API as a whole with its changes, so that "legacy_code" or "limit required" finds
 * the change.
 */
export function changelogRecords(versions: ChangelogVersion[], lvl1: string): PageRecord[] {
  const hierarchy = (lvl3: string | null) => ({ lvl1, lvl2: 'API changes', lvl3, lvl4: null, lvl5: null, lvl6: null });
  const records: PageRecord[] = [
    { type: 'lvl2', hierarchy: hierarchy(null), content: null, anchor: changelogSectionId },
    { type: 'content', hierarchy: hierarchy(null), content: changelogIntro, anchor: changelogSectionId },
  ];
  for (const version of versions) {
    const { count, split } = changeCounts(version);
    const own = hierarchy(version.label);
    records.push(
      { type: 'lvl3', hierarchy: own, content: null, anchor: version.id },
      { type: 'content', hierarchy: own, content: `${count} since ${version.previous}${split}.`, anchor: version.id },
      ...version.groups.map((group) => ({
        type: 'content' as const,
        hierarchy: own,
        content: `${group.heading}: ${group.changes
          .map((change) => `${classText(change.classification)}: ${change.message} (${change.rule})`)
          .join('; ')}.`,
        anchor: version.id,
      })),
    );
  }
  return records;
}
