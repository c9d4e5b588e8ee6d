import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { idsIn, pageIdsIn } from '../../src/model/pageOutput.ts';

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

describe('pageIdsIn', () => {
  it("sets apart the shell's ids: before the content element, its own, and after it", () => {
    const html =
      '<nav><ul id="sidebar-guide"></ul></nav><main id="__docsgen_content" tabindex="-1"><h2 id="details">D</h2>' +
      '<main-ish id="x"></main-ish></main><div id="mobile-menu"></div>';
    expect(pageIdsIn(html)).toEqual({
      ids: ['sidebar-guide', '__docsgen_content', 'details', 'x', 'mobile-menu'],
      shellIds: ['sidebar-guide', '__docsgen_content', 'mobile-menu'],
    });
    // A theme without the content element: every id may be suggested.
    expect(pageIdsIn('<h2 id="a">A</h2>')).toEqual({ ids: ['a'] });
  });
});

describe('pageIdsIn of a page in pieces', () => {
  it('reads the same ids, and the same shell, as of the page joined', () => {
    const pieces = [
      '<nav><ul id="sidebar-guide"></ul></nav><main id="__docsgen_content" tabindex="-1"><h2 id="details">D</h2>',
      '<section id="op-1"><main-ish id="x"></main-ish></section>',
      '<p id="between"></p>',
      '<section id="op-2"></section>',
      '</main><div id="mobile-menu"></div>',
      '<div id="after"></div>',
    ];
    expect(pageIdsIn(pieces)).toEqual(pageIdsIn(pieces.join('')));
    expect(pageIdsIn(pieces).shellIds).toEqual(['sidebar-guide', '__docsgen_content', 'mobile-menu', 'after']);
    // The content element's start and end in one piece, or none at all.
    const whole = ['<nav id="n"></nav>', '<main id="__docsgen_content"><b id="c"></b></main><i id="t"></i>'];
    expect(pageIdsIn(whole)).toEqual(pageIdsIn(whole.join('')));
    expect(pageIdsIn(['<h2 id="a">A</h2>', '<h2 id="b">B</h2>'])).toEqual({ ids: ['a', 'b'] });
  });
});
