import { describe, expect, it } from 'vitest';
import { minimumParallelWorkMs, renderThreads } from '../../src/build/renderPool.ts';

/** Work in one thread (ms) of a site the size of GitHub's reference, and of 10,000 pages. */
const github = 20_000;
const tenThousandPages = 120_000;

describe('how many threads render a build', () => {
  it('starts no worker on 2 cores while the build thread renders: the second core runs V8 and the files thread', () => {
    expect(renderThreads(2, 131, github, undefined)).toEqual({ workers: 0, mainThreadRenders: true });
    // Over what one thread should hold, both cores render and the build thread hands out jobs.
    expect(renderThreads(2, 500, tenThousandPages, undefined)).toEqual({ workers: 2, mainThreadRenders: false });
  });

  it('starts one worker per other core on more cores, and none for work a worker does not earn back', () => {
    expect(renderThreads(4, 131, github, undefined)).toEqual({ workers: 3, mainThreadRenders: true });
    expect(renderThreads(8, 3, github, undefined)).toEqual({ workers: 2, mainThreadRenders: true });
    expect(renderThreads(8, 500, tenThousandPages, undefined)).toEqual({ workers: 8, mainThreadRenders: false });
    expect(renderThreads(8, 131, minimumParallelWorkMs - 1, undefined)).toEqual({
      workers: 0,
      mainThreadRenders: true,
    });
    expect(renderThreads(1, 131, github, undefined)).toEqual({ workers: 0, mainThreadRenders: true });
  });

  it('starts the workers DOCSGEN_RENDER_WORKERS asks for, whatever the cores and the work, and ignores a value that is not a count', () => {
    expect(renderThreads(2, 131, github, '1')).toEqual({ workers: 1, mainThreadRenders: true });
    expect(renderThreads(1, 45, 10, '2')).toEqual({ workers: 2, mainThreadRenders: true });
    // No more workers than jobs; none at all renders every job in the build thread.
    expect(renderThreads(2, 1, github, '4')).toEqual({ workers: 1, mainThreadRenders: true });
    expect(renderThreads(8, 500, tenThousandPages, '0')).toEqual({ workers: 0, mainThreadRenders: true });
    expect(renderThreads(4, 131, github, 'many')).toEqual({ workers: 3, mainThreadRenders: true });
  });
});
