import { describe, expect, it } from 'vitest';
import { descriptionWriter, referenceOf } from '../helpers/apiReference.ts';

const writeDescription = descriptionWriter('docsgen-responses-');

describe('an operation’s responses', () => {
  it('are listed by class, 2XX before 4XX, as written rather than as JavaScript orders keys', async () => {
    const file = await writeDescription(
      `openapi: 3.1.0
info: { title: T, version: 1.0.0 }
paths:
  /bundles/{id}:
    delete:
      operationId: cancelBundle
      responses:
        '2XX': { description: Cancelled. }
        '401': { description: Not authenticated. }
        '4XX': { description: Refused. }
        '404':
          $ref: '#/components/responses/NotFound'
          description: No bundle has this id.
        '409': { $ref: '#/components/responses/NotFound' }
        default: { description: Anything else. }
        '201': { description: Created. }
components:
  responses:
    NotFound: { description: Nothing exists at this path. }
`,
    );
    const paragraph = async (markdown: string) => (markdown ? `<p>${markdown}</p>` : '');
    const reference = await referenceOf(file, { render: paragraph });
    const responses = reference.tags[0].operations[0].responses;
    expect(responses.map((response) => response.status)).toEqual(['201', '2XX', '401', '404', '409', '4XX', 'default']);
    const summary = (status: string) => responses.find((response) => response.status === status)!.summaryHtml;
    expect(summary('404')).toContain('No bundle has this id.');
    expect(summary('409')).toContain('Nothing exists at this path.');
  });
});
