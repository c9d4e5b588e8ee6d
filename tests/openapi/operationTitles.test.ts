import { describe, expect, it } from 'vitest';
import { descriptionWriter, referenceOf } from '../helpers/apiReference.ts';

const writeDescription = descriptionWriter('docsgen-titles-');

describe("an operation's title", () => {
  it('is its summary, else its operationId (as Redoc titles Stripe’s, which have none), else its method and path; a blank one counts as none', async () => {
    const file = await writeDescription(`openapi: 3.1.0
info: { title: T, version: 1.0.0 }
paths:
  /v1/account:
    get:
      operationId: GetAccount
      description: <p>Retrieves the details of an account.</p>
      responses: { '200': { description: OK } }
    post:
      summary: Update the account
      operationId: PostAccount
      responses: { '200': { description: OK } }
  /v1/charges:
    get:
      summary: '  '
      operationId: GetCharges
      responses: { '200': { description: OK } }
    post:
      summary: ''
      responses: { '200': { description: OK } }
webhooks:
  charge.updated:
    post:
      summary: ' '
      responses: { '200': { description: OK } }
`);
    const reference = await referenceOf(file);
    const titles = reference.tags.flatMap((tag) =>
      tag.operations.map((operation) => [operation.id, operation.summary]),
    );
    expect(titles).toEqual([
      ['GetAccount', 'GetAccount'],
      ['PostAccount', 'Update the account'],
      ['GetCharges', 'GetCharges'],
      ['post-/v1/charges', 'POST /v1/charges'],
    ]);
    expect(reference.webhooks.map((webhook) => webhook.summary)).toEqual(['charge.updated']);
  });

  it('is not a summary of several lines (GitHub’s webhooks), which is shown before the description instead', async () => {
    const file = await writeDescription(`openapi: 3.0.3
info: { title: T, version: 1.0.0 }
paths:
  /issues:
    get:
      summary: "List issues\\nacross every repository."
      operationId: issues/list
      description: Lists them.
      responses: { '200': { description: OK } }
x-webhooks:
  pull-request-closed:
    post:
      summary: "This event occurs when there is activity on a pull request.\\nFor more, see \\"[About pull requests](https://docs.example/prs).\\""
      description: A pull request was closed.
      operationId: pull-request/closed
      responses: { '200': { description: OK } }
  pull-request-opened:
    post:
      summary: "This event occurs when there is activity on a pull request.\\n\\nAnother paragraph."
      responses: { '200': { description: OK } }
`);
    const reference = await referenceOf(file, { render: async (markdown) => `<md>${markdown}</md>` });
    const [operation] = reference.tags[0].operations;
    expect(operation.summary).toBe('issues/list');
    expect(operation.descriptionHtml).toBe('<md>List issues\nacross every repository.\n\nLists them.</md>');
    expect(reference.webhooks.map((webhook) => webhook.summary)).toEqual([
      'pull-request/closed',
      'pull-request-opened',
    ]);
    expect(reference.webhooks[0].descriptionHtml).toBe(
      '<md>This event occurs when there is activity on a pull request.\nFor more, see "[About pull requests](https://docs.example/prs)."\n\nA pull request was closed.</md>',
    );
  });
});
