import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { namedRules } from '../../src/apidiff/changeRules.ts';
import { docsgen } from '../helpers/cli.ts';
import { projectRoot } from '../helpers/fixtureSite.ts';

const readme = readFileSync(path.join(projectRoot, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## API changes: `docsgen api diff`'), readme.indexOf('## Configuration'));

describe("the README's `docsgen api diff` section", () => {
  it('lists every rule docsgen names, with the class it gives', () => {
    const rows = [...section.matchAll(/^\| `([a-z-]+)` \| (ERR|WARN|INFO) \| (\w*) \| ([a-z-]+) \|$/gm)].map(
      ([, rule, oasdiff, optic, classification]) => ({ rule, oasdiff, optic: optic || undefined, classification }),
    );
    expect(rows).toEqual(namedRules());
  });

  it('shows what the command prints for the fixture pair', async () => {
    const [, command, shown] = /```\n\$ (docsgen api diff [^\n]+)\n([\s\S]*?)\n```/.exec(section)!;
    const { stdout } = await docsgen(command.split(' ').slice(1), projectRoot);
    const [head, tail] = shown.split('\n…\n');
    expect(stdout.startsWith(`${head}\n`)).toBe(true);
    expect(stdout.trimEnd().endsWith(tail)).toBe(true);
  });
});
