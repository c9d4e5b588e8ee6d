import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { docsgen } from './cli.ts';
import { copyFixtureSite } from './fixtureSite.ts';

/**
 * The fixture site after an API release: version 1.0 cut with `docsgen version`, then the
 * current version (v2.0.0) changed: an operation added, a property removed, an enum value added,
 * a parameter made required; a page added (only in v2), a page removed (only in 1.0), and the
 * introduction reworded ("Sprockets" in v2, "Widgets" in 1.0, for search).
 */
export async function versionedFixtureSite(): Promise<string> {
  const root = await copyFixtureSite();
  const cut = await docsgen(['version', '1.0'], root);
  if (cut.code !== 0) throw new Error(`docsgen version failed:\n${cut.stderr}`);
  const edit = async (file: string, change: (text: string) => string) => {
    const at = path.join(root, file);
    const before = await readFile(at, 'utf8');
    const after = change(before);
    if (after === before) throw new Error(`${file}: the edit changed nothing`);
    await writeFile(at, after);
  };
  await edit('docsgen.config.ts', (text) => text.replace("versionLabel: 'v1.0.0'", "versionLabel: 'v2.0.0'"));
  await edit('openapi/api.yaml', (text) =>
    text
      .replace('version: 1.0.0', 'version: 2.0.0')
      .replace('          in: query\n', '          in: query\n          required: true\n')
      .replace('enum: [a, b]', 'enum: [a, b, c]')
      .replace('        name: { type: string, maxLength: 40 }\n', '')
      .replace(
        'components:\n',
        [
          '    post:',
          '      operationId: createThing',
          '      tags: [Things]',
          '      summary: Create a thing',
          '      responses:',
          "        '201':",
          '          description: The thing made.',
          'components:',
          '',
        ].join('\n'),
      ),
  );
  await edit('content/docs/intro.md', (text) => `${text}\n## Sprockets\n\nVersion two adds sprockets.\n`);
  await edit('versioned_docs/version-1.0/intro.md', (text) => `${text}\n## Widgets\n\nVersion one had widgets.\n`);
  await writeFile(
    path.join(root, 'content/docs/guide/new-in-two.md'),
    '---\ntitle: New in two\ndescription: Only in version two.\n---\n\nCreate things with `createThing`.\n',
  );
  await rm(path.join(root, 'content/docs/guide/step.md'));
  // The page that linked to the removed one links to the new one.
  await edit('content/docs/intro.md', (text) => text.replace('guide/step.md#details', 'guide/new-in-two.md'));
  return root;
}
