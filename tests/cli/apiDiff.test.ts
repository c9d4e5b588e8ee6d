import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiChangeSet } from '../../src/model/apiChanges.ts';
import { docsgen } from '../helpers/cli.ts';
import { projectRoot } from '../helpers/fixtureSite.ts';

const fixtures = 'tests/fixtures/api-diff';
const diff = (...args: string[]) => docsgen(['api', 'diff', ...args], projectRoot);

describe('docsgen api diff', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'docsgen-api-diff-'));
  });

  it('prints the changes grouped by operation, each with its class, rule and place; exit 0', async () => {
    const { code, stdout, stderr } = await diff(`${fixtures}/old.yaml`, `${fixtures}/new.yaml`);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain(
      [
        'GET /bundles/ (listBundles)',
        '  non-breaking  added the value "expired" to the query parameter status [request-parameter-enum-value-added]',
        `                ${fixtures}/old.yaml:120:13 → ${fixtures}/new.yaml:140:38`,
        '  breaking      made the query parameter status required [request-parameter-became-required]',
        `                ${fixtures}/old.yaml:18:11 → ${fixtures}/new.yaml:21:21`,
      ].join('\n'),
    );
    expect(stdout).toContain(
      [
        'DELETE /bundles/{bundleSlug}/ (deleteBundle)',
        '  breaking      removed the operation [api-removed-without-deprecation]',
        `                ${fixtures}/old.yaml:72:7`,
      ].join('\n'),
    );
    expect(stdout).toContain('Webhook bundle_expired (POST)\n  non-breaking  added the webhook [webhook-added]');
    expect(stdout.trimEnd().split('\n').at(-1)).toBe(
      `24 changes from ${fixtures}/old.yaml to ${fixtures}/new.yaml: 14 breaking, 10 non-breaking.`,
    );
  });

  it('--fail-on breaking exits 1 on a breaking change, 0 when every change is non-breaking', async () => {
    expect((await diff(`${fixtures}/old.yaml`, `${fixtures}/new.yaml`, '--fail-on', 'breaking')).code).toBe(1);
    // The old file with an operation added and nothing else: one non-breaking change.
    const old = await readFile(path.join(projectRoot, fixtures, 'old.yaml'), 'utf8');
    const grown = path.join(scratch, 'grown.yaml');
    await writeFile(
      grown,
      old.replace(
        'paths:\n',
        'paths:\n  /health/:\n    get:\n      operationId: getHealth\n      responses:\n        "200":\n          description: Up.\n',
      ),
    );
    const { code, stdout } = await diff(`${fixtures}/old.yaml`, grown, '--fail-on', 'breaking');
    expect(stdout).toContain('GET /health/ (getHealth)\n  non-breaking  added the operation [endpoint-added]');
    expect(code).toBe(0);
  });

  it('--json prints the change model, and keeps the exit code', async () => {
    const { code, stdout } = await diff(
      `${fixtures}/old.yaml`,
      `${fixtures}/new.yaml`,
      '--json',
      '--fail-on',
      'breaking',
    );
    expect(code).toBe(1);
    const set = JSON.parse(stdout) as ApiChangeSet;
    expect(set).toMatchObject({
      old: `${fixtures}/old.yaml`,
      new: `${fixtures}/new.yaml`,
      breaking: 14,
      nonBreaking: 10,
    });
    expect(set.changes[1]).toEqual({
      subject: {
        kind: 'operation',
        id: 'listBundles',
        anchor: 'operation/listBundles',
        method: 'GET',
        path: '/bundles/',
        tag: 'Bundles',
        summary: 'List bundles',
      },
      target: { kind: 'parameter', name: 'status', in: 'query' },
      rule: 'request-parameter-became-required',
      classification: 'breaking',
      message: 'made the query parameter status required',
      shownIn: 'new',
      pointer: '/paths/~1bundles~1/get/parameters/0/required',
      oldLocation: { file: path.join(projectRoot, fixtures, 'old.yaml'), line: 18, column: 11 },
      newLocation: { file: path.join(projectRoot, fixtures, 'new.yaml'), line: 21, column: 21 },
    });
  });

  it('compares multi-file descriptions', async () => {
    const { code, stdout } = await diff(
      `${fixtures}/multi-old/openapi.yaml`,
      `${fixtures}/multi-new/openapi.yaml`,
      '--fail-on',
      'breaking',
    );
    expect(stdout).toContain(
      `${fixtures}/multi-old/schemas/bundle.yaml:8:11 → ${fixtures}/multi-new/schemas/bundle.yaml:8:25`,
    );
    expect(code).toBe(1);
  });

  it.each([
    [
      'a missing file',
      async () => path.join(scratch, 'missing.yaml'),
      /^error: \S+missing\.yaml: cannot read the OpenAPI file: no such file$/m,
    ],
    [
      'a file that is not OpenAPI',
      async () => written('package.yaml', 'name: docsgen\nversion: 1.0.0\n'),
      /^error: \S+package\.yaml:1:1: not an OpenAPI description: it has no `openapi:` version at its top level$/m,
    ],
    [
      'a Swagger 2.0 file',
      async () => written('swagger.yaml', 'swagger: "2.0"\ninfo: { title: T, version: "1" }\npaths: {}\n'),
      /^error: \S+swagger\.yaml:1:10: Swagger 2\.0 descriptions are not compared/m,
    ],
    [
      'a broken $ref',
      async () =>
        written(
          'broken.yaml',
          'openapi: 3.1.0\ninfo: { title: T, version: "1" }\npaths:\n  /a:\n    get:\n      responses:\n        "200":\n          description: ok\n          content:\n            application/json:\n              schema: { $ref: "#/components/schemas/Gone" }\n',
        ),
      /^error: \S+broken\.yaml:11:31: cannot resolve \$ref #\/components\/schemas\/Gone: points at nothing$/m,
    ],
    [
      'a malformed description',
      async () =>
        written(
          'malformed.yaml',
          'openapi: 3.1.0\ninfo: { title: T, version: "1" }\npaths:\n  /a:\n    get:\n      parameters: 5\n      responses: {}\n',
        ),
      /^error: \S+malformed\.yaml:6:19: OpenAPI file is not valid at #\/paths\/~1a\/get\/parameters/m,
    ],
  ])('%s is an error at its file, line and column, never a stack trace; exit 1', async (_name, make, expected) => {
    const bad = await make();
    const { code, stdout, stderr } = await diff(bad, `${fixtures}/new.yaml`);
    expect(stderr).toMatch(expected);
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stdout).toBe('');
    expect(code).toBe(1);
  });

  it('a usage mistake exits 2', async () => {
    expect((await diff(`${fixtures}/old.yaml`)).code).toBe(2);
    expect((await diff(`${fixtures}/old.yaml`, `${fixtures}/new.yaml`, '--fail-on', 'warnings')).code).toBe(2);
  });

  async function written(name: string, text: string): Promise<string> {
    const file = path.join(scratch, name);
    await writeFile(file, text);
    return file;
  }
});
