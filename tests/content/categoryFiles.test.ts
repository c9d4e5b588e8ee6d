import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { discoverPages } from '../../src/content/discoverPages.ts';
import { DocsgenError } from '../../src/errors.ts';
import { callInChild } from '../helpers/boundedChild.ts';

let docsDir: string;
afterEach(() => rm(path.dirname(docsDir), { recursive: true, force: true }));

async function docsWithCategory(yaml: string): Promise<string> {
  docsDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'docsgen-category-')), 'docs');
  await mkdir(path.join(docsDir, 'guide'), { recursive: true });
  await writeFile(path.join(docsDir, 'guide/_category_.yml'), yaml);
  await writeFile(path.join(docsDir, 'guide/step.md'), '# Step\n');
  return docsDir;
}

/** The first mistake discoverPages found (it collects them, leaving the file out, and goes on). */
const errorOf = (dir: string) => discoverPages(dir, new Map()).then((tree): DocsgenError | undefined => tree.errors[0]);

describe('_category_.yml', () => {
  it('reads 300,000 keys in time linear in them (the duplicate-key check of `yaml` was quadratic)', async () => {
    // `yaml` took 7.3 s for 20,000 keys and over 120 s for 100,000, so about 20 min for these;
    // js-yaml reads them in about 2 s. The deadline stays far from both on a slower or faster machine.
    const keys = Array.from({ length: 300_000 }, (_, i) => `key${i}: ${i}`).join('\n');
    const dir = await docsWithCategory(`label: Guide\nposition: 2\n${keys}\n`);
    const outcome = await callInChild(path.resolve('tests/helpers/childTasks.ts'), 'discoverDocs', [dir], 100_000);
    expect(outcome).toEqual({
      done: true,
      result: { routes: ['/docs/guide/step/'], categories: [{ dir: 'guide', label: 'Guide', position: 2 }] },
    });
  });

  it('refuses a duplicate key at its line', async () => {
    const error = await errorOf(await docsWithCategory('label: Guide\nposition: 2\nlabel: Again\n'));
    expect(error).toBeInstanceOf(DocsgenError);
    expect(error!.format()).toMatch(/_category_\.yml:3:\d+: malformed category file: duplicated mapping key/);
  });

  it.each(['.nan', '.inf', '-.inf', 'two'])('refuses position: %s at its value', async (value) => {
    const error = await errorOf(await docsWithCategory(`label: Guide\n\nposition: ${value}\n`));
    expect(error).toBeInstanceOf(DocsgenError);
    expect(error!.format()).toMatch(/_category_\.yml:3:11: category position must be a finite number\n {4}position: /);
  });
});
