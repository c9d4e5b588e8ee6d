import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { idsIn } from '../../src/model/pageOutput.ts';

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/** The heap in use once everything unreachable is collected. */
const liveHeap = () => {
  collectGarbage();
  return v8.getHeapStatistics().used_heap_size;
};

describe('idsIn', () => {
  it('reads every id, decoded', () => {
    expect(idsIn('<h2 id="a">A</h2><div data-id="no"><p id="b&amp;c &quot;d&quot;">x</p></div>')).toEqual([
      'a',
      'b&c "d"',
    ]);
  });

  it('keeps copies of the ids, not the page they were read from', () => {
    // 40 pages of 1 MB, their ids kept as the build keeps them (to the end): not the pages.
    const before = liveHeap();
    const kept: string[][] = [];
    for (let page = 0; page < 40; page++) {
      const html = `<h2 id="operation/page-${page}/a-long-enough-anchor">A</h2>${`<p>${page} text</p>`.repeat(70_000)}`;
      kept.push(idsIn(html));
    }
    const grown = liveHeap() - before;
    expect(kept.flat()).toHaveLength(40);
    expect(grown).toBeLessThan(4 * 2 ** 20);
  });
});
