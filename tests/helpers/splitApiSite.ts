import { writeFile } from 'node:fs/promises';
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
