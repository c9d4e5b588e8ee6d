import { appendFile, cp, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../helpers/gitRepo.ts';
import { copyFixtureSite, snapshotDir } from '../helpers/fixtureSite.ts';
import { docsgen, interrupt, startServe } from '../helpers/cli.ts';
import { dotPathListed } from '../../src/content/publicEntry.ts';

/** What a CI checkout's .git/config holds: the token the checkout was made with. */
const token = 'AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46c2VjcmV0';

type Setup = (project: string) => Promise<void>;
const link =
  (target: string, name: string): Setup =>
  (project) =>
    symlink(target, path.join(project, 'public', name));
const file =
  (name: string, text = 'x\n'): Setup =>
  async (project) => {
    await mkdir(path.dirname(path.join(project, 'public', name)), { recursive: true });
    await writeFile(path.join(project, 'public', name), text);
  };
const listDotfiles =
  (entries: string[]): Setup =>
  async (project) => {
    const config = path.join(project, 'docsgen.config.ts');
    await writeFile(
      config,
      (await readFile(config, 'utf8')).replace(
        '  variables: {',
        `  publicDotfiles: ${JSON.stringify(entries)},\n  variables: {`,
      ),
    );
  };

let built: string;
const scratch: string[] = [];
async function project(...setups: Setup[]): Promise<string> {
  const copy = await mkdtemp(path.join(os.tmpdir(), 'docsgen-public-'));
  scratch.push(copy);
  await cp(built, copy, { recursive: true });
  for (const setup of setups) await setup(copy);
  return copy;
}

beforeAll(async () => {
  built = await copyFixtureSite();
  scratch.push(built);
  // The copy made a git repository, whose config gets what a CI checkout's holds.
  await git(built, ['init', '-q']);
  await appendFile(
    path.join(built, '.git', 'config'),
    `[http "https://code.fixture.example/"]\n\textraheader = ${token}\n`,
  );
  await mkdir(path.join(built, 'public'), { recursive: true });
  await writeFile(path.join(built, 'public', 'hello.txt'), 'hello\n');
  const { code, stderr } = await docsgen(['build'], built);
  expect(stderr).toBe('');
  expect(code).toBe(0);
});

afterAll(async () => {
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

const leadsInto = (name: string, into: string) =>
  new RegExp(
    `public/${name}: symbolic link to [^ ]+ leads into ${into}, which is never published: dot-folders hold secrets and tool state`,
  );
const dotfile = (name: string, shown: string, kind: string) =>
  new RegExp(
    `public/${name}: ${shown} is a dot-${kind}, published only when the config lists it in \`publicDotfiles\` \\(as '\\.well-known'\\)`,
  );

describe('the dot-paths a config lists', () => {
  it.each([
    [['.well-known'], '.well-known/security.txt', true],
    [['.well-known/'], '.well-known', true],
    [['.well-known'], '.well-known/.secret', false],
    [['.well-known/security.txt'], '.well-known', true],
    [['.well-known/security.txt'], '.well-known/other.txt', false],
    [['a/.b'], 'a/.b/c', true],
    [['a/.b'], 'x/.b/c', false],
    [[], '.env', false],
    [[], 'img/logo.svg', true],
  ])('%j covers %s: %s', (dotfiles, relative, covered) => {
    expect(dotPathListed(dotfiles, relative.split('/'))).toBe(covered);
  });
});

describe('public/: what the build refuses to publish', () => {
  it.each([
    ['a link to .git/config', [link('../.git/config', 'gitconfig')], leadsInto('gitconfig', '\\.git')],
    ['a link to the whole .git', [link('../.git', 'repo')], leadsInto('repo', '\\.git')],
    ['a link into the cache', [link('../.docsgen-cache', 'cache')], leadsInto('cache', '\\.docsgen-cache')],
    [
      'a link to a dot-file of the project',
      [file('../.env', 'KEY=1\n'), link('../.env', 'env.txt')],
      leadsInto('env\\.txt', '\\.env'),
    ],
    ['a dot-file', [file('.env', 'KEY=1\n')], dotfile('\\.env', '\\.env', 'file')],
    [
      'a dot-folder the config does not list',
      [file('.well-known/security.txt')],
      dotfile('\\.well-known', '\\.well-known', 'folder'),
    ],
    [
      'a dot-file inside a listed dot-folder',
      [listDotfiles(['.well-known']), file('.well-known/.secret')],
      dotfile('\\.well-known/\\.secret', '\\.secret', 'file'),
    ],
    [
      'a file beside the one listed in a dot-folder',
      [listDotfiles(['.well-known/security.txt']), file('.well-known/security.txt'), file('.well-known/other.txt')],
      dotfile('\\.well-known/other\\.txt', '\\.well-known', 'folder'),
    ],
  ])('%s: a located error, exit 1, dist/ untouched', async (_name, setups, message) => {
    const copy = await project(...setups);
    const before = await snapshotDir(path.join(copy, 'dist'));
    const { code, stderr } = await docsgen(['build'], copy);
    expect(stderr.split('\n')[0]).toMatch(new RegExp(`^error: ${message.source}`));
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(code).toBe(1);
    expect(await snapshotDir(path.join(copy, 'dist'))).toEqual(before);
  });

  it('publishes the dot-paths the config lists, and nothing else changes', async () => {
    const copy = await project(
      listDotfiles(['.well-known/']),
      file('.well-known/security.txt', 'Contact: mailto:security@fixture.example\n'),
    );
    const { code, stderr } = await docsgen(['build'], copy);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(await readFile(path.join(copy, 'dist/.well-known/security.txt'), 'utf8')).toBe(
      'Contact: mailto:security@fixture.example\n',
    );
    expect(await readFile(path.join(copy, 'dist/hello.txt'), 'utf8')).toBe('hello\n');
  });

  it("reports a refused entry with the build's other mistakes (it came only after a build with none)", async () => {
    // A page whose error only rendering finds, and two entries public/ may not publish.
    const brokenPage: Setup = async (copy) => {
      const page = path.join(copy, 'content/docs/intro.md');
      await writeFile(page, `${await readFile(page, 'utf8')}\nSee [x](./a%ZZ.md).\n`);
    };
    const copy = await project(link('../.git/config', 'gitconfig'), file('.env', 'KEY=1\n'), brokenPage);
    const { code, stderr } = await docsgen(['build'], copy);
    expect(stderr).toMatch(leadsInto('gitconfig', '\\.git'));
    expect(stderr).toMatch(dotfile('\\.env', '\\.env', 'file'));
    expect(stderr).toMatch(/intro\.md:\d+:\d+: malformed percent-encoding/);
    expect(code).toBe(1);
  });

  it('refuses a config entry that is not a dot-path below public/', async () => {
    const copy = await project(listDotfiles(['../.git']));
    const { code, stderr } = await docsgen(['build'], copy);
    expect(stderr).toMatch(
      /docsgen\.config\.ts:\d+:\d+: config publicDotfiles\[0\]: must be a path below public\/ naming a dot-file or dot-folder, such as "\.well-known"/,
    );
    expect(code).toBe(1);
  });
});

describe('public/: what the servers refuse to serve, by the same rule', () => {
  const servers: { child: ChildProcess; url: string; output: () => string }[] = [];
  afterAll(async () => {
    for (const { child } of servers) if (child.exitCode === null) await interrupt(child);
  });

  it('serve --watch answers 404 to a link into .git, a dot-file and an unlisted dot-folder, and says why', async () => {
    const copy = await project(
      link('../.git/config', 'gitconfig'),
      link('../.git', 'repo'),
      file('.env', 'KEY=1\n'),
      file('.well-known/security.txt'),
    );
    const server = await startServe(['--watch'], copy);
    servers.push(server);
    for (const target of ['/gitconfig', '/repo/config', '/.env', '/.well-known/security.txt']) {
      const response = await fetch(server.url + target);
      const body = await response.text();
      expect(response.status, target).toBe(404);
      expect(body, target).not.toContain(token);
    }
    expect((await fetch(`${server.url}/hello.txt`)).status).toBe(200);
    expect(server.output()).toMatch(leadsInto('gitconfig', '\\.git'));
    expect(server.output()).toMatch(dotfile('\\.env', '\\.env', 'file'));
  });

  it('serve --watch and serve both serve a listed dot-folder', async () => {
    const copy = await project(listDotfiles(['.well-known']), file('.well-known/security.txt', 'Contact: x\n'));
    for (const args of [['--watch'], []]) {
      const server = await startServe(args, copy);
      servers.push(server);
      const response = await fetch(`${server.url}/.well-known/security.txt`);
      expect(response.status, args.join(' ')).toBe(200);
      expect(await response.text()).toBe('Contact: x\n');
      await interrupt(server.child);
    }
    expect((await readdir(path.join(copy, 'dist'))).includes('.well-known')).toBe(true);
  });
});
