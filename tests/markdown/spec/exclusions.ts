/** Spec examples our renderer deliberately renders otherwise, by design decision. */
export interface Exclusion {
  reason: string;
  examples: readonly number[];
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const rawHtmlShownAsText =
  'raw HTML is shown as escaped text, never passed through (README, Content: "Raw HTML"), so the expected markup ' +
  'appears as its text';

/** CommonMark 0.31.2 examples, by number. */
export const commonmarkExclusions: Record<string, Exclusion> = {
  rawHtmlShownAsText: {
    reason: rawHtmlShownAsText,
    examples: [
      21,
      31,
      ...range(148, 191),
      201,
      308,
      309,
      344,
      475,
      476,
      477,
      491,
      494,
      524,
      536,
      ...range(613, 617),
      623,
      ...range(625, 631),
      642,
      643,
    ],
  },
  unterminatedFenceRefused: {
    reason:
      'a code fence that is never closed (or closed by a line that is not a closing fence) is a located error, ' +
      'since CommonMark would let it swallow the rest of the page or container',
    examples: [126, 127, 128, 137, 139, 237],
  },
  unsafeLinkSchemeRefused: {
    reason: 'links may use only http, https, mailto and tel (or no scheme): any other scheme is a located error',
    examples: [596, 598, 599, 601],
  },
  gfmAutolinkLiterals: {
    reason: 'remark-gfm is on, and GFM links bare URLs and email addresses that CommonMark leaves as text',
    examples: [602, 606, 608, 611, 612],
  },
};

/** GFM 0.29 extension examples (tables, task lists, strikethrough, autolinks, disallowed raw HTML), by number. */
export const gfmExclusions: Record<string, Exclusion> = {
  rawHtmlShownAsText: {
    reason: `${rawHtmlShownAsText}; the tag filter is moot when no tag passes`,
    examples: [657],
  },
  schemeAutolinkLiterals: {
    reason:
      'remark-gfm does not link `mailto:` and `xmpp:` literals as GFM 0.29 does, and remark-directive reads ' +
      '`:foo` in `mailto:foo@…` as a directive, which is given back as the text it was; xmpp is no allowed scheme',
    examples: [633, 634, 635],
  },
};

/** The reason an example is excluded, if it is. */
export function exclusionOf(exclusions: Record<string, Exclusion>, example: number): string | undefined {
  return Object.values(exclusions).find((exclusion) => exclusion.examples.includes(example))?.reason;
}
