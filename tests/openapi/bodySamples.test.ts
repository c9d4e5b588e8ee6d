import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleLanguages, type SampleLanguageName } from '../../src/openapi/sampleLanguages.ts';
import { referenceOf } from '../helpers/apiReference.ts';
import { projectRoot } from '../helpers/fixtureSite.ts';
import { samplesOf } from './samplesOf.ts';

const bodiesFixture = path.join(projectRoot, 'tests/fixtures/openapi-bodies/bodies.yaml');
const everyLanguage = Object.keys(sampleLanguages) as SampleLanguageName[];
const reference = await referenceOf(bodiesFixture, { sampleLanguages: everyLanguage });
const samples = (id: string) =>
  samplesOf(reference.tags.flatMap((tag) => tag.operations).find((each) => each.id === id)!.samplesHtml);
/** The JSON a curl sample sends. */
const curlBody = (id: string) => JSON.parse(/--data '([\s\S]*)'$/.exec(samples(id).get('curl')!)![1]);

describe('request samples of a JSON body the description gives no example of', () => {
  it('send one built from the schema: its required properties, values it gives, placeholders from types', () => {
    expect(curlBody('createPet')).toEqual({
      // allOf merged; the property's own example.
      name: 'Rex',
      age: '<integer>',
      // enum: its first value.
      species: 'cat',
      // format.
      born: '<date>',
      weight: '<number>',
      vaccinated: '<boolean>',
      // default.
      size: 'medium',
      // writeOnly is sent; readOnly `id`, optional `notes` and the recursive `parent` are not.
      password: '<string>',
      nicknames: ['<string>'],
    });
  });

  it('follow the first of a oneOf, into another file and its nested $ref', () => {
    expect(curlBody('setOwner')).toEqual({ email: '<email>', address: { city: '<string>' } });
  });

  it('send the media type’s own example when it has one', () => {
    expect(curlBody('tagPet')).toEqual({ tag: 'friendly' });
  });

  it.each(everyLanguage.map((name) => sampleLanguages[name].label))('%s: sends the built body as JSON', (label) => {
    const code = samples('createPet').get(label)!;
    expect(code).toContain('application/json');
    for (const value of ['Rex', 'cat', 'medium', '<integer>', '<date>', '<boolean>']) expect(code).toContain(value);
    expect(code).not.toContain('Not required');
  });
});
