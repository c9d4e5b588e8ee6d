import { describe, expect, it } from 'vitest';
import { groupHits } from '../../../src/client/search/groupHits.ts';
import type { SearchHit } from '../../../src/client/search/searchResponse.ts';

const hit = (url: string, lvl0: string, lvl2: string | null, content: string | null): SearchHit => ({
  objectID: url,
  url: `https://docs.example${url}`,
  type: content === null ? 'lvl2' : 'content',
  hierarchy: { lvl0, lvl1: 'Page', lvl2, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
  content,
});

describe('grouping hits for the modal', () => {
  it('shows a hit that repeats an earlier one word for word once, so repeats do not fill the group', () => {
    const signature = 'x-signature: An HMAC-SHA256 signature of the request.';
    const hits = [
      hit('/api/#webhook/sent', 'API reference', 'Sent', signature),
      hit('/docs/auth/', 'Guides', null, 'Authenticate every request.'),
      hit('/api/#webhook/complete', 'API reference', 'Complete', signature),
      hit('/api/#webhook/error', 'API reference', 'Error', `  ${signature.toUpperCase()} `),
      hit('/api/#operation/list', 'API reference', 'List', 'Lists the request log.'),
      // The same words on another page are not a repeat.
      hit('/docs/webhooks/#verify', 'Guides', 'Verify', signature),
    ];
    const groups = groupHits(hits, 5);
    expect(
      groups.map((group) => [group.title, group.hits.map(({ hit }) => hit.url.replace('https://docs.example', ''))]),
    ).toEqual([
      ['API reference', ['/api/#webhook/sent', '/api/#operation/list']],
      ['Guides', ['/docs/auth/', '/docs/webhooks/#verify']],
    ]);
  });

  it('titles a group with the text of its highlighted lvl0, escaped once (by React), not twice', () => {
    const lvl0 = `Q&A and Tips, it's <b>`;
    const escaped = 'Q&amp;A and <mark>Tips</mark>, it&#39;s &lt;b&gt;';
    const tips = {
      ...hit('/docs/tips/', lvl0, null, 'Tips.'),
      _highlightResult: { hierarchy: { lvl0: { value: escaped, matchLevel: 'partial' as const } } },
    };
    expect(groupHits([tips], 5).map((group) => group.title)).toEqual([lvl0]);
  });
});
