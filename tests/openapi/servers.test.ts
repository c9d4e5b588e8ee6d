import { describe, expect, it } from 'vitest';
import { descriptionWriter, referenceOf } from '../helpers/apiReference.ts';

const writeDescription = descriptionWriter('docsgen-servers-');

/** The reference of a one-operation description with these `servers:` (YAML), Markdown left as written. */
async function referenceWith(servers: string) {
  const file = await writeDescription(
    `openapi: 3.1.0\ninfo: { title: T, version: 1.0.0 }\n${servers}paths:\n  /board:\n    get:\n      operationId: getBoard\n      responses:\n        '200': { description: OK }\n`,
  );
  return referenceOf(file);
}

describe('servers in the samples', () => {
  it('without servers, the samples write a placeholder where the base URL goes, never a bare path', async () => {
    const reference = await referenceWith('');
    const samples = reference.tags[0].operations[0].samplesHtml;
    expect(samples).toContain('{BASE_URL}/board');
    expect(samples).not.toMatch(/["' ]\/board/);
    expect(reference.servers).toEqual([]);
  });

  it('a relative server URL is put after the placeholder', async () => {
    const reference = await referenceWith('servers:\n  - url: /v2\n');
    expect(reference.tags[0].operations[0].samplesHtml).toContain('{BASE_URL}/v2/board');
  });

  it('server variables are shown, and the samples use their defaults', async () => {
    const reference = await referenceWith(
      "servers:\n  - url: 'https://{region}.api.example/{version}'\n    variables:\n      region: { default: eu, enum: [eu, us] }\n      version: { default: v3 }\n",
    );
    expect(reference.tags[0].operations[0].samplesHtml).toContain('https://eu.api.example/v3/board');
    expect(reference.servers[0]!.variables).toEqual([
      { name: 'region', defaultValue: 'eu', values: ['eu', 'us'] },
      { name: 'version', defaultValue: 'v3', values: undefined },
    ]);
  });

  it('every server is listed with its description and variables; the samples call the first', async () => {
    const reference = await referenceWith(
      "servers:\n  - url: https://api.example/v1\n    description: Production\n  - url: 'https://{region}.sandbox.example/v1'\n    description: Sandbox\n    variables:\n      region: { default: eu }\n",
    );
    expect(reference.servers).toEqual([
      { url: 'https://api.example/v1', description: 'Production', variables: [] },
      {
        url: 'https://{region}.sandbox.example/v1',
        description: 'Sandbox',
        variables: [{ name: 'region', defaultValue: 'eu', values: undefined }],
      },
    ]);
    expect(reference.tags[0]!.operations[0]!.samplesHtml).toContain('https://api.example/v1/board');
  });
});
