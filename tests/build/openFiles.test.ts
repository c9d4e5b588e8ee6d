import { execFile } from 'node:child_process';
import { access, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { copyFixtureSite } from '../helpers/fixtureSite.ts';
import { cliPath } from '../helpers/cli.ts';
import { filesAtOnce } from '../../src/fs/filesAtOnce.ts';

const run = promisify(execFile);
const openFilesLimit = 256;
const pages = 600;
let site: string;
afterAll(() => rm(site, { recursive: true, force: true }));

// Every page read at once failed with EMFILE as soon as there were more pages than the process
// could open files (20,004 pages at 20,000; here page 307 of 600 under 256).
it(`builds ${pages} pages with at most ${openFilesLimit} files open (ulimit -n), opening ${filesAtOnce} at a time`, async () => {
  site = await copyFixtureSite();
  await mkdir(path.join(site, 'content/docs/many'));
  for (let n = 0; n < pages; n++)
    await writeFile(path.join(site, `content/docs/many/page-${n}.md`), `# Page ${n}\n\nText of page ${n}.\n`);
  const build = run(
    'bash',
    ['-c', `ulimit -n ${openFilesLimit} && exec "$0" "$@"`, process.execPath, cliPath, 'build'],
    { cwd: site, maxBuffer: 16 * 1024 * 1024 },
  );
  const { stdout } = await build.catch((error: { stderr: string }) =>
    expect.fail(`the build failed:\n${error.stderr.slice(0, 2_000)}`),
  );
  // The fixture's 6 pages, the 600, and "All sections" (/_sidebar/): a sidebar this large links it.
  expect(stdout).toMatch(new RegExp(`Built ${pages + 7} pages`));
  await access(path.join(site, 'dist/_sidebar/index.html'));
  expect((await readdir(path.join(site, 'dist/docs/many'))).length).toBe(pages);
}, 240_000);
