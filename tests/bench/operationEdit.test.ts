import { expect, it } from 'vitest';
import { withOperationDescription } from '../../bench/operationEdit.ts';

const description = {
  openapi: '3.0.3',
  paths: {
    '/repos/{owner}/{repo}': {
      parameters: [{ name: 'owner', in: 'path' }],
      get: { summary: 'Get a repository', description: 'The repository.', operationId: 'repos/get' },
      delete: { summary: 'Delete a repository', operationId: 'repos/delete' },
    },
  },
};
const text = JSON.stringify(description, null, 2) + '\n';

it("puts the marker at the start of the operation's description and changes nothing else", () => {
  const edited = withOperationDescription(text, 'repos/get', 'Marker 1');
  const expected = structuredClone(description);
  expected.paths['/repos/{owner}/{repo}'].get.description = 'Marker 1 The repository.';
  expect(edited).toBe(JSON.stringify(expected, null, 2) + '\n');
});

it('gives an operation without a description the marker alone, keeping the indentation', () => {
  const tabbed = JSON.stringify(description, null, '\t');
  const edited = withOperationDescription(tabbed, 'repos/delete', 'Marker 2');
  expect(edited.split('\n')[1]).toBe('\t"openapi": "3.0.3",');
  expect(JSON.parse(edited).paths['/repos/{owner}/{repo}'].delete.description).toBe('Marker 2');
  expect(edited.endsWith('}')).toBe(true);
});

it('names an operationId the description does not hold', () => {
  expect(() => withOperationDescription(text, 'repos/nope', 'Marker')).toThrow(
    '0 operations have operationId repos/nope',
  );
});
