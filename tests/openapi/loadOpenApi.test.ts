import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOpenApi, maxRefChain } from '../../src/openapi/loadOpenApi.ts';
import { bundleOpenApi } from '../../src/openapi/bundleOpenApi.ts';
import { validateOpenApi } from '../../src/openapi/validateOpenApi.ts';
import { DocsgenError } from '../../src/errors.ts';
import { referenceOf } from '../helpers/apiReference.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-openapi-load-'));
});

const head = 'openapi: 3.1.0\ninfo: { title: T, version: 1.0.0 }\n';
/** A description folder holding these files (paths relative to it), its root `openapi.yaml`. */
async function description(files: Record<string, string>): Promise<string> {
  const folder = await mkdtemp(path.join(dir, 'api-'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(folder, name)), { recursive: true });
    await writeFile(path.join(folder, name), text);
  }
  return path.join(folder, 'openapi.yaml');
}

/** The message of the error a load ends with, `file:line:col message`. */
async function loadError(file: string): Promise<string> {
  const error = await loadOpenApi(file).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DocsgenError);
  return (error as DocsgenError).format();
}

describe('loading an OpenAPI description', () => {
  it('never fetches a $ref from the network, and says where it is written', async () => {
    let requests = 0;
    const server = createServer((_request, response) => {
      requests++;
      response.end('type: string\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/schema.yaml`;
    try {
      const file = await description({
        'openapi.yaml': `${head}paths: {}\ncomponents:\n  schemas:\n    Remote:\n      $ref: '${url}'\n`,
      });
      expect(await loadError(file)).toBe(
        `${file}:7:13: $ref ${url} points to the network: only files inside the description's folder are read\n    $ref: '${url}'`,
      );
      expect(requests).toBe(0);
    } finally {
      server.close();
    }
  });

  it('refuses files outside its folder, absolute or relative, at the $ref', async () => {
    const absolute = await description({
      'openapi.yaml': `${head}paths: {}\ncomponents:\n  schemas:\n    A:\n      $ref: /etc/passwd\n`,
    });
    expect(await loadError(absolute)).toMatch(
      /openapi\.yaml:7:13: \$ref \/etc\/passwd is an absolute path: only files inside the description's folder are read/,
    );
    const relative = await description({
      'openapi.yaml': `${head}paths: {}\ncomponents:\n  schemas:\n    A:\n      $ref: ../../../../../../../../etc/passwd\n`,
    });
    expect(await loadError(relative)).toMatch(
      /openapi\.yaml:7:13: \$ref \.\.\/.*etc\/passwd leaves the description's folder/,
    );
  });

  it('refuses a symbolic link out of its folder, a device and a FIFO without reading them', async () => {
    const file = await description({
      'openapi.yaml': `${head}paths: {}\ncomponents:\n  schemas:\n    A: { $ref: './zero.yaml' }\n    B: { $ref: './pipe.yaml' }\n`,
    });
    await symlink('/dev/zero', path.join(path.dirname(file), 'zero.yaml'));
    execFileSync('mkfifo', [path.join(path.dirname(file), 'pipe.yaml')]);
    const message = await loadError(file);
    expect(message).toMatch(
      /openapi\.yaml:6:16: cannot resolve \$ref \.\/zero\.yaml: cannot read zero\.yaml: it is outside the description's folder \(and 1 more \$ref problems\)/,
    );
    const fifoOnly = await description({
      'openapi.yaml': `${head}paths: {}\ncomponents:\n  schemas:\n    B: { $ref: './pipe.yaml' }\n`,
    });
    execFileSync('mkfifo', [path.join(path.dirname(fifoOnly), 'pipe.yaml')]);
    expect(await loadError(fifoOnly)).toMatch(
      /openapi\.yaml:6:16: cannot resolve \$ref \.\/pipe\.yaml: cannot read pipe\.yaml: it is not a regular file/,
    );
  });

  it('reports a missing file at its $ref first, with how many more there are', async () => {
    const file = await description({
      'openapi.yaml': `${head}paths:\n  /a:\n    $ref: ./paths/a.yaml\n  /b:\n    $ref: ./paths/b.yaml\n  /c:\n    $ref: ./paths/c.yaml\n`,
      'paths/a.yaml': 'get:\n  responses:\n    "200": { description: OK }\n',
    });
    expect(await loadError(file)).toMatch(
      /openapi\.yaml:7:11: cannot resolve \$ref \.\/paths\/b\.yaml: cannot read paths\/b\.yaml: no such file \(and 1 more \$ref problems\)\n {4}\$ref: \.\/paths\/b\.yaml/,
    );
  });

  it('stops a chain of thousands of $refs, located, without overflowing the stack', async () => {
    for (const length of [2_000, 5_000]) {
      const schemas = Array.from(
        { length },
        (_, index) => `    S${index}: { $ref: '#/components/schemas/S${index + 1}' }`,
      ).join('\n');
      const file = await description({
        'openapi.yaml': `${head}paths: {}\ncomponents:\n  schemas:\n${schemas}\n    S${length}: { type: string }\n`,
      });
      expect(await loadError(file)).toMatch(
        new RegExp(
          `openapi\\.yaml:6:17: cannot resolve \\$ref #/components/schemas/S1: more than ${maxRefChain} \\$refs lead to one another`,
        ),
      );
    }
  });

  it('reports a cycle of $refs at the first of them', async () => {
    const file = await description({
      'openapi.yaml': `${head}paths: {}\ncomponents:\n  schemas:\n    A: { $ref: '#/components/schemas/B' }\n    B: { $ref: '#/components/schemas/A' }\n`,
    });
    expect(await loadError(file)).toMatch(
      /openapi\.yaml:6:16: cannot resolve \$ref #\/components\/schemas\/B: the \$refs form a cycle \(#\/components\/schemas\/B → #\/components\/schemas\/A → #\/components\/schemas\/B\)/,
    );
  });

  it('reports an allOf that includes itself, located, and renders a recursive schema finitely', async () => {
    const cycle = await description({
      'openapi.yaml': `${head}paths: {}\ncomponents:\n  schemas:\n    A:\n      allOf: [{ $ref: '#/components/schemas/B' }]\n    B:\n      allOf: [{ $ref: '#/components/schemas/A' }]\n`,
    });
    const error = await referenceOf(cycle).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(DocsgenError);
    expect((error as DocsgenError).format()).toMatch(
      /openapi\.yaml:\d+:\d+: allOf includes #\/components\/schemas\/\w inside itself/,
    );

    const tree = await description({
      'openapi.yaml': `${head}paths: {}\ncomponents:\n  schemas:\n    Node:\n      type: object\n      properties:\n        children: { type: array, items: { $ref: '#/components/schemas/Node' } }\n        parent: { $ref: '#/components/schemas/Node' }\n`,
    });
    const [node] = (await referenceOf(tree)).schemas;
    expect(node.node.children.map((child) => [child.name, child.type, child.refName, child.children.length])).toEqual([
      ['children', 'array of Node', 'Node', 0],
      ['parent', 'Node', 'Node', 0],
    ]);
  });

  it('joins a description written in many files: paths, operations, schemas, Markdown and YAML-held descriptions by $ref', async () => {
    const file = await description({
      'openapi.yaml': `openapi: 3.1.0\ninfo:\n  title: T\n  version: 1.0.0\n  description: { $ref: ./markdown/intro.md }\ntags:\n  - name: Bundles\n    description: { $ref: './texts.yaml#/bundles' }\npaths:\n  /bundles:\n    $ref: ./paths/bundles.yaml\ncomponents:\n  schemas:\n    Bundle: { $ref: ./schemas/Bundle.yaml }\n    Signer: { $ref: ./schemas/Signer.yaml }\n`,
      'markdown/intro.md': 'Send documents for signature.\n',
      'texts.yaml': 'bundles: Bundles hold documents.\n',
      'paths/bundles.yaml':
        'post:\n  operationId: createBundle\n  tags: [Bundles]\n  description: { $ref: ../markdown/create.md }\n  requestBody:\n    content:\n      application/json:\n        schema: { $ref: ../schemas/Bundle.yaml }\n  responses:\n    "201": { description: Created }\n',
      'markdown/create.md': 'Creates a bundle.\n',
      'schemas/Bundle.yaml':
        'type: object\nproperties:\n  name: { type: string }\n  signers: { type: array, items: { $ref: ./Signer.yaml } }\n',
      'schemas/Signer.yaml': 'type: object\nproperties:\n  email: { type: string }\n',
    });
    const reference = await referenceOf(file);
    expect(reference.descriptionHtml).toBe('Send documents for signature.\n');
    expect(reference.tags.map((tag) => [tag.name, tag.descriptionHtml])).toEqual([
      ['Bundles', 'Bundles hold documents.'],
    ]);
    const [operation] = reference.tags[0].operations;
    expect(operation.id).toBe('createBundle');
    expect(operation.descriptionHtml).toBe('Creates a bundle.\n');
    const body = operation.requestBodies[0].schema;
    expect(body.refName).toBe('Bundle');
    expect(body.children.map((child) => [child.name, child.type, child.refName])).toEqual([
      ['name', 'string', undefined],
      ['signers', 'array of Signer', 'Signer'],
    ]);
    expect(reference.schemas.map((schema) => [schema.name, schema.node.children.map((child) => child.name)])).toEqual([
      ['Bundle', ['name', 'signers']],
      ['Signer', ['email']],
    ]);
  });

  it("follows an example's value written as a $ref into an examples file, in the example shown and the samples", async () => {
    // Dropbox Sign's shape: `components.examples.X.value: {$ref: examples/json/X.json}`.
    const file = await description({
      'openapi.yaml': `openapi: 3.0.3\ninfo: { title: T, version: 1.0.0 }\nservers: [{ url: 'https://api.example' }]\npaths:\n  /accounts:\n    post:\n      operationId: createAccount\n      requestBody:\n        content:\n          application/json:\n            schema: { type: object, properties: { email_address: { type: string } } }\n            examples:\n              Default: { $ref: '#/components/examples/CreateAccount' }\n      responses:\n        "200": { description: OK }\ncomponents:\n  examples:\n    CreateAccount:\n      summary: Default example\n      value: { $ref: examples/json/CreateAccount.json }\n`,
      'examples/json/CreateAccount.json': '{ "email_address": "new.signer@example.com" }\n',
    });
    const [operation] = (await referenceOf(file)).tags[0].operations;
    // The bundle the downloads and the Postman collection are made from holds the value, not a file it names.
    const bundled = (await bundleOpenApi(await loadOpenApi(file))) as any;
    expect(bundled.components.examples.CreateAccount.value).toEqual({ email_address: 'new.signer@example.com' });
    expect(operation.requestBodies[0].exampleHtml).toContain('"email_address": "new.signer@example.com"');
    expect(operation.samplesHtml).toContain('new.signer@example.com');
    expect(`${operation.requestBodies[0].exampleHtml}${operation.samplesHtml}`).not.toContain('$ref');
  });

  it("follows an example's value written as a $ref with ../ in a nested file, in the bundle", async () => {
    // The path item in its own file, its example's value in a file beside that file's folder.
    const file = await description({
      'openapi.yaml': `openapi: 3.0.3\ninfo: { title: T, version: 1.0.0 }\npaths:\n  /accounts:\n    $ref: paths/accounts.yaml\n`,
      'paths/accounts.yaml': `post:\n  operationId: createAccount\n  requestBody:\n    content:\n      application/json:\n        schema: { $ref: ../schemas/Account.yaml }\n        examples:\n          Default:\n            value: { $ref: ../examples/CreateAccount.json }\n          Local:\n            value: { $ref: '#/x-local' }\n  responses:\n    "200": { description: OK }\nx-local: { email_address: local@example.com }\n`,
      'schemas/Account.yaml': 'type: object\nproperties: { email_address: { type: string } }\n',
      'examples/CreateAccount.json': '{ "email_address": "new.signer@example.com" }\n',
    });
    const bundled = (await bundleOpenApi(await loadOpenApi(file))) as any;
    const { examples } = bundled.paths['/accounts'].post.requestBody.content['application/json'];
    expect(examples.Default.value).toEqual({ email_address: 'new.signer@example.com' });
    expect(examples.Local.value).toEqual({ email_address: 'local@example.com' });
    // Redocly's own work is as before: the schema a component of its own, linked by name.
    expect(bundled.paths['/accounts'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Account',
    });
    expect(JSON.stringify(bundled)).not.toContain(path.dirname(file));
  });

  it('renders OpenAPI 3.0 x-webhooks as it renders webhooks', async () => {
    const file = await description({
      'openapi.yaml': `openapi: 3.0.3\ninfo: { title: T, version: 1.0.0 }\npaths: {}\nx-webhooks:\n  bundle_sent:\n    post:\n      summary: A bundle was sent\n      requestBody:\n        content:\n          application/json:\n            schema: { type: object, properties: { id: { type: string } } }\n      responses:\n        "200": { description: OK }\n`,
    });
    const reference = await referenceOf(file);
    expect(
      reference.webhooks.map((webhook) => [
        webhook.name,
        webhook.method,
        webhook.summary,
        webhook.requestBodies[0].schema.children.map((child) => child.name),
      ]),
    ).toEqual([['bundle_sent', 'POST', 'A bundle was sent', ['id']]]);
  });

  it('keeps dates and times in a YAML description as written, as JSON would hold them and Redocly reads them', async () => {
    // DigitalOcean writes 111 values such as `example: 2020-03-02T17:00:49Z` unquoted, in 46 files.
    const file = await description({
      'openapi.yaml': `openapi: 3.0.3\ninfo: { title: T, version: 2020-03-02 }\npaths:\n  /things:\n    get:\n      operationId: listThings\n      parameters:\n        - { name: since, in: query, schema: { type: string, default: 2020-03-02T17:00:49Z }, example: 2020-03-02T17:00:49Z }\n      responses:\n        "200":\n          description: OK\n          content:\n            application/json:\n              schema: { type: object, properties: { created: { type: string, enum: [2017-02-22T00:23:00Z] } } }\n              example: { created: 2017-02-22T00:23:00Z }\n`,
    });
    const reference = await referenceOf(file);
    const [operation] = reference.tags[0].operations;
    expect(reference.version).toBe('2020-03-02');
    expect(operation.parameters[0].example).toBe('2020-03-02T17:00:49Z');
    expect(operation.parameters[0].schema.defaultValue).toBe('"2020-03-02T17:00:49Z"');
    expect(operation.responses[0].bodies[0].schema.children[0].enumValues).toEqual(['"2017-02-22T00:23:00Z"']);
    expect(operation.responses[0].bodies[0].exampleHtml).toContain('"created": "2017-02-22T00:23:00Z"');
    // The downloads are made from the same document.
    expect(JSON.stringify(await bundleOpenApi(await loadOpenApi(file)))).toContain('"version":"2020-03-02"');
  });

  it('validates the root document as loaded where the loader left it as its file parses, without parsing the file again', async () => {
    const file = await description({
      'openapi.yaml': `${head}paths:\n  /things:\n    get:\n      responses:\n        "200": { $ref: '#/components/responses/Ok' }\ncomponents:\n  responses:\n    Ok: { description: OK }\n`,
    });
    const api = await loadOpenApi(file);
    expect(api.documentAsParsed).toBe(true);
    // A source that would not parse: the validator reads the document it is given.
    await expect(
      validateOpenApi({ ...api, files: [{ ...api.files[0], source: 'paths: [' }] }),
    ).resolves.toBeUndefined();
    // A `$ref` to a text file is replaced by the text: the validator parses the file as written.
    const changed = await loadOpenApi(
      await description({
        'openapi.yaml': `${head}paths: {}\ntags:\n  - name: t\n    description: { $ref: intro.md }\n`,
        'intro.md': 'Things.\n',
      }),
    );
    expect(changed.documentAsParsed).toBeUndefined();
    await expect(validateOpenApi(changed)).resolves.toBeUndefined();
  });

  it('validates a JSON description as it loads it (JSON.parse: a key written twice is the last one)', async () => {
    const folder = path.dirname(await description({}));
    const file = path.join(folder, 'openapi.json');
    await writeFile(
      file,
      '{"openapi": "3.1.0", "info": {"title": "T", "title": "Things", "version": "1"}, "paths": {}}',
    );
    const api = await loadOpenApi(file);
    expect(api.document.info.title).toBe('Things');
    await expect(validateOpenApi(api)).resolves.toBeUndefined();
  });
});

afterAll(async () => {
  const { rm } = await import('node:fs/promises');
  await rm(dir, { recursive: true, force: true });
});
