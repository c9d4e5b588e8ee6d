import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AllowedValues } from '../../templates/api/AllowedValues.tsx';
import { ParameterTable } from '../../templates/api/ParameterTable.tsx';
import { createMarkdownRenderer } from '../../src/markdown/createProcessor.ts';
import { loadHighlighter } from '../../src/markdown/highlighter.ts';
import { descriptionWriter, referenceOf } from '../helpers/apiReference.ts';

const writeDescription = descriptionWriter('docsgen-schema-details-');

describe('schema details of real descriptions', () => {
  it('say that a 3.0 `nullable` value may be null, and which property names a discriminated option', async () => {
    const file = await writeDescription(
      `openapi: 3.0.3
info: { title: T, version: 1.0.0 }
paths: {}
components:
  schemas:
    Pet:
      oneOf:
        - { $ref: '#/components/schemas/Cat' }
        - { $ref: '#/components/schemas/Dog' }
      discriminator: { propertyName: kind }
    Cat:
      type: object
      properties:
        kind: { type: string }
        nickname: { type: string, nullable: true }
    Dog:
      type: object
      properties:
        kind: { type: string }
`,
    );
    const reference = await referenceOf(file);
    const schema = (name: string) => reference.schemas.find((each) => each.name === name)!.node;
    expect(schema('Cat').children.find((child) => child.name === 'nickname')!.type).toBe('string | null');
    expect(schema('Pet').constraints).toContain('the option is named by its kind property: "Cat" → Cat, "Dog" → Dog');
    expect(schema('Pet').children.map((child) => child.name)).toEqual(['kind: "Cat"', 'kind: "Dog"']);
  });

  it('call an anyOf "any of" and a oneOf "one of", read 3.1 type arrays, and merge an allOf', async () => {
    // Stripe writes 1,299 anyOf: each was labelled "one of" above its "Any of:" list.
    const file = await writeDescription(
      `openapi: 3.1.0
info: { title: T, version: 1.0.0 }
paths: {}
components:
  schemas:
    Named: { type: object, properties: { id: { type: string } } }
    Thing:
      type: object
      properties:
        expand:
          anyOf:
            - { type: string }
            - { $ref: '#/components/schemas/Named' }
        source:
          oneOf:
            - { type: string }
            - { type: integer }
        metadata:
          anyOf:
            - { type: object, additionalProperties: { type: string } }
            - { type: string, enum: [''] }
          nullable: true
        note: { type: [string, 'null'] }
        size: { type: [string, integer] }
    Both:
      properties:
        own: { type: integer }
      allOf:
        - $ref: '#/components/schemas/Named'
        - type: object
          required: [id, label]
          properties:
            id: { type: string, format: uuid }
            label: { type: string }
`,
    );
    const reference = await referenceOf(file);
    const schema = (name: string) => reference.schemas.find((each) => each.name === name)!.node;
    expect(
      schema('Thing').children.map((child) => [child.name, child.type, child.variants, child.children.length]),
    ).toEqual([
      ['expand', 'any of', 'any of', 2],
      ['source', 'one of', 'one of', 2],
      ['metadata', 'any of | null', 'any of', 2],
      ['note', 'string | null', undefined, 0],
      ['size', 'string | integer', undefined, 0],
    ]);
    // The parts' properties in the parts' order (the base's first, as Redoc shows them), the schema's
    // own last, each required where any part requires it; a later part's `id` refines the base's.
    expect(schema('Both').children.map((child) => [child.name, child.type, child.required])).toEqual([
      ['id', 'string <uuid>', true],
      ['label', 'string', true],
      ['own', 'integer', false],
    ]);
  });

  it('fold a long list of allowed values after its first ten, and leave a short one as it was', () => {
    const values = Array.from({ length: 40 }, (_, index) => JSON.stringify(`event_${index}`));
    const long = renderToStaticMarkup(createElement(AllowedValues, { values }));
    const [shown, folded] = long.split('<details');
    expect(shown.match(/class="schema__enum"/g)).toHaveLength(10);
    expect(folded).toContain('<summary>30 more values</summary>');
    expect(folded.match(/class="schema__enum"/g)).toHaveLength(30);
    const short = renderToStaticMarkup(createElement(AllowedValues, { values: values.slice(0, 14) }));
    expect(short).toMatch(/^<p class="schema__meta">Allowed: <code/);
    expect(short).not.toContain('<details');
  });

  it('name a discriminator’s options by the values its mapping gives them', async () => {
    const file = await writeDescription(
      `openapi: 3.0.3
info: { title: T, version: 1.0.0 }
paths: {}
components:
  schemas:
    Pet:
      oneOf:
        - { $ref: '#/components/schemas/Cat' }
        - { $ref: '#/components/schemas/Dog' }
      discriminator:
        propertyName: kind
        mapping: { cat: '#/components/schemas/Cat', doggo: Dog }
    Cat: { type: object, properties: { kind: { type: string } } }
    Dog: { type: object, properties: { kind: { type: string } } }
`,
    );
    const reference = await referenceOf(file);
    const pet = reference.schemas.find((each) => each.name === 'Pet')!.node;
    expect(pet.constraints).toContain('the option is named by its kind property: "cat" → Cat, "doggo" → Dog');
    expect(pet.children.map((child) => child.name)).toEqual(['kind: "cat"', 'kind: "doggo"']);
  });

  it('count lengths and items in the singular for one, and leave plain numbers without a unit', async () => {
    const file = await writeDescription(
      `openapi: 3.1.0
info: { title: T, version: 1.0.0 }
paths: {}
components:
  schemas:
    Limits:
      type: object
      properties:
        tags: { type: array, items: { type: string }, minItems: 1 }
        signers: { type: array, items: { type: string }, minItems: 1, maxItems: 25 }
        code: { type: string, minLength: 1, maxLength: 1 }
        note: { type: string, maxLength: 1 }
        name: { type: string, minLength: 2 }
        retries: { type: integer, minimum: 1 }
`,
    );
    const reference = await referenceOf(file);
    const limits = reference.schemas.find((each) => each.name === 'Limits')!.node;
    expect(limits.children.map((child) => [child.name, child.constraints])).toEqual([
      ['tags', ['at least 1 item']],
      ['signers', ['1 to 25 items']],
      ['code', ['exactly 1 character']],
      ['note', ['at most 1 character']],
      ['name', ['at least 2 characters']],
      ['retries', ['at least 1']],
    ]);
  });

  it('leave readOnly properties out of what a client sends and writeOnly ones out of what it receives', async () => {
    const file = await writeDescription(
      `openapi: 3.0.3
info: { title: T, version: 1.0.0 }
paths:
  /users:
    post:
      operationId: createUser
      requestBody:
        content:
          application/json:
            schema: { $ref: '#/components/schemas/User' }
      responses:
        '201':
          description: Created
          content:
            application/json:
              schema: { $ref: '#/components/schemas/User' }
components:
  schemas:
    Id: { type: string, readOnly: true }
    User:
      type: object
      properties:
        id: { $ref: '#/components/schemas/Id' }
        name: { type: string }
        password: { type: string, writeOnly: true }
        profile:
          type: object
          properties:
            created: { type: string, readOnly: true }
            pin: { type: string, writeOnly: true }
`,
    );
    const reference = await referenceOf(file);
    const operation = reference.tags[0].operations[0];
    const names = (node: { children: { name?: string; children: any[] }[] }): unknown[] =>
      node.children.map((child) => (child.children.length > 0 ? [child.name, names(child)] : child.name));
    expect(names(operation.requestBodies[0].schema)).toEqual(['name', 'password', ['profile', ['pin']]]);
    expect(names(operation.responses[0].bodies[0].schema)).toEqual(['id', 'name', ['profile', ['created']]]);
    expect(names(reference.schemas.find((each) => each.name === 'User')!.node)).toEqual([
      'id',
      'name',
      'password',
      ['profile', ['created', 'pin']],
    ]);
  });

  it('show every named example, selectable, with `examples` before `example` and before the schema’s', async () => {
    const file = await writeDescription(
      `openapi: 3.1.0
info: { title: T, version: 1.0.0 }
paths:
  /bundles:
    post:
      operationId: createBundle
      parameters:
        - name: status
          in: query
          required: true
          schema: { type: string, example: from-schema }
          examples:
            sent: { summary: Sent bundles, value: sent }
            draft: { value: draft }
      requestBody:
        content:
          application/json:
            schema: { type: object, example: { from: schema } }
            example: { from: example }
            examples:
              one: { summary: One signer, value: { signers: 1 } }
              two:
                summary: Two signers
                description: Both sign in order.
                value: { signers: 2 }
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { type: object, examples: [{ from: schema-list }], example: { from: schema-example } }
`,
    );
    const render = createMarkdownRenderer(await loadHighlighter());
    const reference = await referenceOf(file, {
      render: async (markdown) =>
        (await render(markdown, file, { relativePath: '../openapi', routes: new Map(), variables: new Map() })).html,
    });
    const operation = reference.tags[0].operations[0];
    const body = operation.requestBodies[0].exampleHtml!;
    expect(body.match(/role="tab"/g)).toHaveLength(2);
    expect(body).toContain('data-label="One signer"');
    expect(body).toContain('data-label="Two signers"');
    expect(body).toContain('Both sign in order.');
    expect(body).not.toContain('from');
    // The request sample sends the first example.
    expect(operation.samplesHtml).toContain('signers');
    expect(operation.samplesHtml).not.toContain('from');
    const [status] = operation.parameters;
    expect(status.example).toBe('sent');
    expect(status.examples).toEqual([
      { label: 'Sent bundles', value: 'sent' },
      { label: 'draft', value: 'draft' },
    ]);
    expect(renderToStaticMarkup(createElement(ParameterTable, { parameters: [status] }))).toContain(
      'Examples: <code>sent</code> (Sent bundles), <code>draft</code> (draft)',
    );
    const response = operation.responses[0].bodies[0].exampleHtml!;
    expect(response).toContain('schema-list');
    expect(response).not.toContain('role="tab"');
  });
});
