import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSaveQueue, type ApplySave } from '../../src/serve/saveQueue.ts';
import { startDevServer, type DevServer } from '../../src/serve/devServer.ts';
import { DocsgenError } from '../../src/errors.ts';
import { copyFixtureSite } from '../helpers/fixtureSite.ts';

const scratch: string[] = [];
afterAll(async () => {
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

async function scratchFile(text: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-saves-'));
  scratch.push(dir);
  const file = path.join(dir, 'page.md');
  await writeFile(file, text);
  return file;
}

/** A queue whose saves read the file, an empty one being an error, as a page without a title is. */
function queueReading(onRead: (text: string) => Promise<void> = async () => {}) {
  const reads: string[] = [];
  const reported: string[] = [];
  const apply: ApplySave = async (file, reportSaved) => {
    const text = await readFile(file, 'utf8');
    reads.push(text);
    if (text === '') reportSaved(new DocsgenError('page has no title', { file, line: 1, column: 1 }));
    await onRead(text);
  };
  const queue = createSaveQueue(
    apply,
    (error) => reported.push(error.message),
    (error) => {
      throw error;
    },
  );
  return { queue, reads, reported };
}

describe('saves', () => {
  it('read between the truncation and the write are read again, and their error is not reported', async () => {
    const file = await scratchFile('');
    // The writer's write lands just after the read, and no watcher event says so (chokidar drops it).
    const { queue, reads, reported } = queueReading(async (text) => {
      if (text === '') await writeFile(file, '# Title\n');
    });
    queue.saved(file);
    await queue.settled();
    expect(reads).toEqual(['', '# Title\n']);
    expect(reported).toEqual([]);
  });

  it('read whole but before the next write landed are read again', async () => {
    // The first half of a save compiles (a module cut short can), so no error says to look again.
    const file = await scratchFile('# Half\n');
    const { queue, reads, reported } = queueReading(async (text) => {
      if (text === '# Half\n') await writeFile(file, '# Whole\n');
    });
    queue.saved(file);
    await queue.settled();
    expect(reads).toEqual(['# Half\n', '# Whole\n']);
    expect(reported).toEqual([]);
  });

  it('report an error the file keeps, once', async () => {
    const file = await scratchFile('');
    const { queue, reads, reported } = queueReading();
    queue.saved(file);
    await queue.settled();
    expect(reads).toEqual(['']);
    expect(reported).toEqual(['page has no title']);
  });

  it('queued behind a later save of the same file are read once', async () => {
    const file = await scratchFile('# One\n');
    const { queue, reads } = queueReading();
    for (let save = 0; save < 5; save++) queue.saved(file);
    await queue.settled();
    expect(reads).toEqual(['# One\n']);
  });
});

describe('serve --watch during a burst of saves that truncate, then write', () => {
  let site: string;
  let dev: DevServer;
  const printed: string[] = [];
  beforeAll(async () => {
    site = await copyFixtureSite();
    scratch.push(site);
    dev = await startDevServer({ root: site, log: (line) => printed.push(line) });
    await new Promise<void>((resolve) => dev.server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await dev?.close();
  });

  it('prints no error, and serves the last save', async () => {
    const file = path.join(site, 'content/docs/intro.md');
    const original = await readFile(file, 'utf8');
    for (let save = 0; save < 12; save++) {
      const handle = await open(file, 'w');
      // An editor's save, or a formatter's right after it: the file stays empty a moment.
      await new Promise((resolve) => setTimeout(resolve, 40));
      await handle.write(original.replace('## Overview', `Save ${save}.\n\n## Overview`));
      await handle.close();
    }
    const { port } = dev.server.address() as { port: number };
    // The watcher's last event comes when it comes: wait for the page, then for the saves to settle.
    for (
      let tries = 0;
      !(await (await fetch(`http://127.0.0.1:${port}/docs/intro/`)).text()).includes('Save 11.');
      tries++
    ) {
      if (tries > 600) throw new Error('the last save was never served');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await dev.settled();
    expect(printed.filter((line) => line.startsWith('error:'))).toEqual([]);
  });
});
