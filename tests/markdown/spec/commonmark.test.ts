import { tests } from 'commonmark-spec';
import { runSpecExamples } from './runSpecExamples.ts';
import { commonmarkExclusions } from './exclusions.ts';

/**
 * The CommonMark 0.31.2 spec examples (npm commonmark-spec; the spec is CC-BY-SA 4.0, John
 * MacFarlane). The spec writes tabs as `→`, which its own runner turns back into tabs.
 */
const examples = tests.map((example) => ({
  ...example,
  markdown: example.markdown.replaceAll('→', '\t'),
  html: example.html.replaceAll('→', '\t'),
}));

runSpecExamples('CommonMark spec', examples, commonmarkExclusions);
