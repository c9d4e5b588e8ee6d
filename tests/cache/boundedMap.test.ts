import { describe, expect, it } from 'vitest';
import { BoundedMap } from '../../src/cache/boundedMap.ts';

describe('BoundedMap', () => {
  it('keeps at most max entries, forgetting the oldest made', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect([...map]).toEqual([
      ['b', 2],
      ['c', 3],
    ]);
  });

  it('replaces an entry it holds without forgetting another', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('a', 10);
    expect([...map]).toEqual([
      ['a', 10],
      ['b', 2],
    ]);
  });
});
