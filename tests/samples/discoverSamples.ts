import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Code, Root } from 'mdast';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { z } from 'zod';
import { parseFrontMatter } from '../../src/content/frontMatter.ts';
import { substituteVariables, unknownVariableMessage, type Variables } from '../../src/content/variables.ts';
import { parseCodeMeta } from '../../src/markdown/codeMeta.ts';
import { tabLabel } from '../../src/markdown/plugins/codeTabs.ts';
import { clientLibraries } from './clientLibraries.ts';

/** The interpreters samples are written for, by the fence's language. */
export const sampleLanguages = {
  bash: 'curl',
  sh: 'curl',
  js: 'JavaScript',
  javascript: 'JavaScript',
  python: 'Python',
  py: 'Python',
  php: 'PHP',
} as const;

export type SampleLanguage = (typeof sampleLanguages)[keyof typeof sampleLanguages];

/** Where a sample is published: a docs page's raw-HTTP code, the API reference's generated requests, or a client library's calls. */
export type SampleSource = 'docs page' | 'generated reference' | 'client library';

export interface Sample {
  source: SampleSource;
  /** `file:line` of the opening fence, relative to the project. */
  location: string;
  language: SampleLanguage;
  /** The tab label, or the language's name outside code tabs. */
  label: string;
  /** The code with every variable substituted, `{{apiBase}}` by the base URL given. */
  code: string;
  /**
   * Blocks titled with a file name (`title="bundle.json"`) that the sample may read: those of its
   * page, and code blocks of other pages whose title no other page uses.
   */
  inputFiles: Map<string, string>;
  /** For a webhook receiver (`receiver=/path` in the fence's info): the path deliveries are posted to. */
  receiverPath?: string;
}

/**
 * The samples of a content folder: every fence in a language of `sampleLanguages` whose code
 * calls `{{apiBase}}` (raw HTTP), or, outside titled blocks, loads the language's client library.
 * Shell installs and browser code do neither, so they are not samples. Variables are substituted
 * as docsgen substitutes them.
 */
export function discoverSamples(contentDir: string, projectRoot: string, variables: Variables): Sample[] {
  const pages = listMarkdownFiles(contentDir).map((file) => readPage(file, relative(projectRoot, file), variables));
  // A module (a titled block of code) that one page only defines can be imported from any page
  // ("from the webhook guide"); data such as a request body always comes from the sample's own page.
  const sharedModules = new Map<string, string>();
  const moduleTitles = pages.flatMap((page) => [...page.titledModules]);
  for (const page of pages) {
    for (const title of page.titledModules) {
      if (moduleTitles.indexOf(title) === moduleTitles.lastIndexOf(title))
        sharedModules.set(title, page.titledBlocks.get(title)!);
    }
  }
  return pages.flatMap((page) =>
    page.samples.map((sample) => ({ ...sample, inputFiles: new Map([...sharedModules, ...page.titledBlocks]) })),
  );
}

function listMarkdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => join(dir, name));
}

interface Page {
  samples: Omit<Sample, 'inputFiles'>[];
  titledBlocks: Map<string, string>;
  /** The titles of blocks in a sample language. */
  titledModules: string[];
}

function readPage(file: string, shownPath: string, variables: Variables): Page {
  const { body, bodyLine } = parseFrontMatter(readFileSync(file, 'utf8'), shownPath, z.looseObject({}), variables);
  const tree: Root = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).parse(body);
  const codes: Code[] = [];
  visit(tree, 'code', (node: Code) => {
    codes.push(node);
  });
  const substitute = (node: Code): string => {
    const value = substituteVariables(node.value, variables);
    if (typeof value === 'string') return value;
    throw new Error(`${shownPath}:${lineOf(node, bodyLine)}: ${unknownVariableMessage(value.name, variables)}`);
  };
  const titledBlocks = new Map(
    codes.flatMap((node) => {
      const title = parseCodeMeta(node.meta).title;
      return typeof title === 'string' ? [[title, substitute(node)] as const] : [];
    }),
  );
  const samples = codes.flatMap((node): Page['samples'] => {
    const language = sampleLanguages[node.lang as keyof typeof sampleLanguages];
    if (language === undefined) return [];
    const { title, receiver } = parseCodeMeta(node.meta);
    const code = substitute(node);
    // A titled block is a module that samples load, not a sample of its own.
    const callsLibrary = typeof title !== 'string' && loadsClientLibrary(language, code, titledBlocks);
    if (!callsLibrary && !node.value.includes('{{apiBase}}')) return [];
    return [
      {
        source: callsLibrary ? 'client library' : 'docs page',
        location: `${shownPath}:${lineOf(node, bodyLine)}`,
        language,
        label: tabLabel(node),
        code,
        ...(typeof receiver === 'string' ? { receiverPath: receiver } : {}),
      },
    ];
  });
  const titledModules = codes.flatMap((node) => {
    const title = parseCodeMeta(node.meta).title;
    return typeof title === 'string' && Object.hasOwn(sampleLanguages, node.lang ?? '') ? [title] : [];
  });
  return { samples, titledBlocks, titledModules };
}

/** Whether code loads the language's client library, itself or through a titled block of its page that it names (`require 'client.php'`). */
function loadsClientLibrary(language: SampleLanguage, code: string, titledBlocks: Map<string, string>): boolean {
  const library = language === 'curl' ? undefined : clientLibraries[language];
  if (library === undefined) return false;
  return (
    library.importedBy.test(code) ||
    [...titledBlocks].some(([title, module]) => code.includes(title) && library.importedBy.test(module))
  );
}

function lineOf(node: Code, bodyLine: number): number {
  return (node.position?.start.line ?? 1) + bodyLine - 1;
}
