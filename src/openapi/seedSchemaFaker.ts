import seedrandom from 'seedrandom';
import type schemaFaker from 'openapi-to-postmanv2/assets/json-schema-faker.js';

/**
 * Makes the values the Postman converter invents for schemas without an example the same at every
 * conversion of the same description. Its json-schema-faker (one instance, shared by the whole
 * converter) draws numbers, enum values, booleans and the keys of open objects from `Math.random`,
 * and dates from the clock: two builds of GitHub's description differed in 16 lines of the
 * collection, of Stripe's in 1,936. The converter has no option for it (its `Schema` resolution still
 * draws the keys of open objects, and drops the examples the saved responses show), so the faker's
 * own `random` option gets a generator seeded afresh, as Stoplight's Prism seeds the same faker,
 * and dates are drawn from it too. Call it just before the (synchronous) conversion, with no
 * `await` in between, so that no other conversion draws from the sequence.
 */
export function seedSchemaFaker(faker: typeof schemaFaker): void {
  const random = seedrandom('docsgen');
  // A moment in the 25 years before a fixed day, where the faker draws one in the 80 years before its clock.
  const dateTime = () => new Date(latestDate - Math.floor(random() * dateSpan)).toISOString();
  faker.option({ random });
  faker.format({
    'date-time': dateTime,
    datetime: dateTime,
    date: () => dateTime().slice(0, 10),
    time: () => dateTime().slice(11),
  });
}

const latestDate = Date.UTC(2025, 0, 1);
const dateSpan = 25 * 365 * 24 * 60 * 60 * 1000;
