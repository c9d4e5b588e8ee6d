import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { maxSchemaNodes } from '../../src/openapi/schemaNode.ts';
import { docsgen } from '../helpers/cli.ts';
import { copyFixtureSite } from '../helpers/fixtureSite.ts';

it('stops a description too large to render before any page, at the $ref that crosses the limit, exit 1', async () => {
  // A body's named schema is shown whole in each operation that takes it: 2,000 properties in
  // enough operations to pass the limit on schema nodes, from a file of ~200 KB.
  const properties = 2_000;
  const operations = Math.ceil(maxSchemaNodes / properties) + 1;
  const site = await copyFixtureSite();
  const file = path.join(site, 'openapi/api.yaml');
  const paths = Array.from(
    { length: operations },
    (_, index) =>
      `  /things${index}:\n    post:\n      operationId: make${index}\n      requestBody:\n        content:\n          application/json:\n            schema: { $ref: '#/components/schemas/Big' }\n      responses:\n        '200': { description: OK }`,
  );
  const big = Array.from({ length: properties }, (_, index) => `        p${index}: { type: string }`);
  await writeFile(
    file,
    `openapi: 3.1.0\ninfo: { title: Big, version: 1.0.0 }\npaths:\n${paths.join('\n')}\ncomponents:\n  schemas:\n    Big:\n      type: object\n      properties:\n${big.join('\n')}\n`,
  );

  const { code, stderr, progress } = await docsgen(['build', '--no-cache', '--out', 'out'], site);
  expect(code).toBe(1);
  const located = stderr.match(
    new RegExp(
      `^error: openapi/api\\.yaml:(\\d+):(\\d+): the API reference would hold more than ${maxSchemaNodes} schema nodes: the description is too large to render$`,
      'm',
    ),
  );
  expect(located, stderr).not.toBeNull();
  // At a place in the file: a body's $ref to the schema.
  const line = (await readFile(file, 'utf8')).split('\n')[Number(located![1]) - 1];
  expect(line.slice(Number(located![2]) - 1)).toBe("{ $ref: '#/components/schemas/Big' }");
  expect(stderr).not.toMatch(/^\s+at /m);
  // Early: while the site loads, before any page renders.
  expect(progress.some((entry) => entry.startsWith('Rendering'))).toBe(false);
});
