import { describe, expect, it } from 'vitest';
import { takenIds } from '../../src/openapi/claimApiPageIds.ts';

describe('takenIds', () => {
  const outline = {
    tags: [
      {
        name: 'Things',
        anchor: 'tag/Things',
        operations: [{ anchor: 'operation/list', titleId: 'operation/list-title' }],
      },
    ],
    webhooks: [],
    schemas: [{ anchor: 'schema/Thing' }],
  };

  it("gives each page the outline's anchors taken, and none of another page's claims", () => {
    const first = takenIds(outline);
    expect(first.claim('operation/list')).toBe('operation/list-1');
    expect(first.claim('operation/list/tabs-0')).toBe('operation/list/tabs-0');
    // The second page (the same outline, its ids claimed once) starts where the first started.
    const second = takenIds(outline);
    expect(second.claim('operation/list/tabs-0')).toBe('operation/list/tabs-0');
    expect(second.claim('schema/Thing')).toBe('schema/Thing-1');
    expect(second.claim('operation/list-1')).toBe('operation/list-1');
  });
});
