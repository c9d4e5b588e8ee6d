import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleLanguages, type SampleLanguageName } from '../../src/openapi/sampleLanguages.ts';
import { referenceOf } from '../helpers/apiReference.ts';
import { projectRoot } from '../helpers/fixtureSite.ts';
import { samplesOf } from './samplesOf.ts';
import { formFields } from '../../src/openapi/formSample.ts';

const formFixture = path.join(projectRoot, 'tests/fixtures/openapi-form/form.yaml');
const everyLanguage = Object.keys(sampleLanguages) as SampleLanguageName[];
const reference = await referenceOf(formFixture, { sampleLanguages: everyLanguage });
const samples = (id: string) =>
  samplesOf(reference.tags.flatMap((tag) => tag.operations).find((each) => each.id === id)!.samplesHtml);

describe('request samples of a form body (application/x-www-form-urlencoded, as Stripe’s)', () => {
  it('send the required fields, with the values the description gives, in brackets for objects and arrays', () => {
    expect(samples('createCharge').get('curl')).toBe(
      [
        'curl https://api.form.example/v1/charges \\',
        '  --request POST \\',
        "  --header 'Content-Type: application/x-www-form-urlencoded' \\",
        "  --data-urlencode 'amount=2000' \\",
        "  --data-urlencode 'currency=usd' \\",
        // No value in the description: a placeholder from its type.
        "  --data-urlencode 'customer=<string>' \\",
        "  --data-urlencode 'metadata%5Border_id%5D=6735' \\",
        "  --data-urlencode 'expand%5B%5D=customer' \\",
        // Required, but none of its fields is: one placeholder for the object.
        "  --data-urlencode 'shipping=<object>'",
      ].join('\n'),
    );
  });

  it("send the description's own example of the body as written: an empty object in it is no field, not a placeholder", () => {
    const media = { example: { amount: 500, metadata: {}, shipping: { name: 'Jo' } }, schema: { type: 'object' } };
    expect(formFields(media, { document: {}, parts: {} })).toEqual([
      ['amount', '500'],
      ['shipping[name]', 'Jo'],
    ]);
  });

  it.each(everyLanguage.map((name) => sampleLanguages[name].label))(
    '%s: a form body, without the read-only or optional fields',
    (label) => {
      const code = samples('createCharge').get(label)!;
      expect(code).toMatch(/x-www-form-urlencoded|FormUrlEncodedContent/);
      expect(code).toContain('2000');
      expect(code).toContain('6735');
      expect(code).not.toContain('Not required');
    },
  );

  it('send the media type’s own example when it has one', () => {
    expect(samples('createRefund').get('Python')).toContain('"metadata[reason]": "duplicate"');
    expect(samples('createRefund').get('Python')).toContain('"charge": "ch_1"');
  });

  it('send the body of a media type written with parameters (charset)', () => {
    expect(samples('createPayout').get('curl')).toContain("--data-urlencode 'amount=500'");
    expect(samples('createNote').get('curl')).toContain('"text": "Paid"');
  });
});
