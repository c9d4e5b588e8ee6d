import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { proseLines } from '../markdown/proseLines.ts';

/** A link in a snapshot's page that leads to the current version: where it is written, and where it leads. */
export interface CurrentVersionLink {
  /** The page, relative to the project root. */
  file: string;
  line: number;
  column: number;
  href: string;
}

/**
 * The site-absolute links (`](/docs/x/)`, `[id]: /api/#…`) in the Markdown of a snapshot's
 * folder that lead into the current version's docs or reference (`currentBases`), not into
 * another version's (`otherBases`). They are left as written, as Docusaurus leaves them: a
 * snapshot's page that links to `/docs/x/` leads readers to today's page. `docsgen version`
 * lists them, so that writers who want the link to stay in the version write it relative
 * (`./x.md`), which the build resolves in the version.
 */
export async function currentVersionLinks(
  root: string,
  docsDir: string,
  currentBases: string[],
  otherBases: string[],
): Promise<CurrentVersionLink[]> {
  const found: CurrentVersionLink[] = [];
  const files = (await readdir(path.join(root, docsDir), { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  const leadsToCurrent = (href: string) =>
    currentBases.some((base) => href.startsWith(base) || `${href}/` === base) &&
    !otherBases.some((base) => href.startsWith(base));
  for (const file of files) {
    const lines = (await readFile(file, 'utf8')).split('\n');
    for (const index of proseLines(lines)) {
      // Inline links and images (`](href`), and link definitions (`[id]: href`).
      for (const match of lines[index].matchAll(/\]\(\s*<?([^)\s>]+)|^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)/g)) {
        const href = match[1] ?? match[2];
        if (!leadsToCurrent(href)) continue;
        found.push({
          file: path.relative(root, file).split(path.sep).join('/'),
          line: index + 1,
          column: match.index + match[0].indexOf(href) + 1,
          href,
        });
      }
    }
  }
  return found;
}
