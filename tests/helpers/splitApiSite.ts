import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { addConfigOptions, copyFixtureSite } from './fixtureSite.ts';

/**
 * The fixture site with a description of three tags (above the split threshold the config sets,
 * 2 operations), whose operationIds, tags and schema names hold `#`, spaces and non-ASCII letters
 * (as Box's and others' do), and a webhook.
 */
export async function writeSplitApiSite(): Promise<string> {
  const site = await copyFixtureSite();
  await addConfigOptions(site, 'apiReference: { splitAbove: 2 },');
  // The fixture's guide links to /api/#operation/listThings, an operation this description keeps.
  const operation = (id: string, tag: string, summary: string, body = '') => `      operationId: '${id}'
      tags: ['${tag}']
      summary: ${summary}
${body}      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Bundle' }
`;
  await writeFile(
    path.join(site, 'openapi/api.yaml'),
    `openapi: 3.1.0
info:
  title: Split API
  version: 1.0.0
  description: An API large enough to be split.
servers:
  - url: https://api.split.example/v1
tags:
  - name: Things
  - name: 'Signers #1'
  - name: Überweisungen
paths:
  /things/:
    get:
${operation('listThings', 'Things', 'List things')}
  /things/{id}/:
    get:
${operation('get thing', 'Things', 'Get a thing')}
  /signers/:
    post:
${operation('signer#create', 'Signers #1', 'Create a signer', "      requestBody:\n        content:\n          application/json:\n            schema: { $ref: '#/components/schemas/Signer Ü' }\n")}
  /transfers/:
    get:
${operation('überweisungenListe', 'Überweisungen', 'List transfers')}
webhooks:
  thing_made:
    post:
      summary: A thing was made
      requestBody:
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Bundle' }
      responses:
        '200': { description: Received }
components:
  schemas:
    Bundle:
      type: object
      description: Things sent together; see [bundles](https://docs.split.example/bundles) for more.
      properties:
        id: { type: string }
        signer: { $ref: '#/components/schemas/Signer Ü' }
    Signer Ü:
      type: object
      properties:
        email: { type: string }
`,
  );
  return site;
}

/**
 * The split fixture with headings in the descriptions of a tag, an operation, a webhook and a
 * schema, as real descriptions have them (DigitalOcean's `## Filtering Results by Tag`).
 */
export async function withDescriptionHeadings(site: string): Promise<string> {
  const file = path.join(site, 'openapi/api.yaml');
  const edits: [string, string][] = [
    [
      '  - name: Things\n',
      '  - name: Things\n    description: |\n      Things kept.\n\n      ## Kinds of things\n\n      Two.\n',
    ],
    [
      '      summary: List things\n',
      '      summary: List things\n      description: |\n        Lists them.\n\n        ## Paging\n\n        Twenty a page.\n',
    ],
    [
      '      summary: A thing was made\n',
      '      summary: A thing was made\n      description: |\n        Sent once.\n\n        ## Retries\n\n        Three.\n',
    ],
    [
      '      description: Things sent together; see [bundles](https://docs.split.example/bundles) for more.\n',
      '      description: |\n        Things sent together; see [bundles](https://docs.split.example/bundles) for more.\n\n        ## Sending\n\n        At once.\n',
    ],
  ];
  let yaml = await readFile(file, 'utf8');
  for (const [from, to] of edits) {
    if (!yaml.includes(from)) throw new Error(`the split fixture no longer holds ${JSON.stringify(from)}`);
    yaml = yaml.replace(from, to);
  }
  await writeFile(file, yaml);
  return site;
}
