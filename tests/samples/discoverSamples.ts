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

/** The interpreters samples are written for, by the fence's language. */
export const sampleLanguages = { bash: 'curl', sh: 'curl', js: 'JavaScript', javascript: 'JavaScript', python: 'Python', py: 'Python', php: 'PHP' } as const;

export type SampleLanguage = (typeof sampleLanguages)[keyof typeof sampleLanguages];

export interface Sample {
  /** `file:line` of the opening fence, relative to the project. */
  location: string;
  language: SampleLanguage;
  /** The tab label, or the language's name outside code tabs. */
  label: string;
  /** The code with every variable substituted, `{{apiBase}}` by the base URL given. */
  code: string;
  /** Blocks of the same page titled with a file name (`title="bundle.json"`), which samples may read. */
  inputFiles: Map<string, string>;
  /** For a webhook receiver (`receiver=/path` in the fence's info): the path deliveries are posted to. */
  receiverPath?: string;
}

/**
 * The raw-HTTP samples of a content folder: every fence in a language of `sampleLanguages` whose
 * code calls `{{apiBase}}`. Client-library samples and shell installs never name the base URL,
 * so they are not samples. Variables are substituted as docsgen substitutes them.
 */
export function discoverSamples(contentDir: string, projectRoot: string, variables: Variables): Sample[] {
  return listMarkdownFiles(contentDir).flatMap((file) => readPageSamples(file, relative(projectRoot, file), variables));
}

function listMarkdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => join(dir, name));
}

function readPageSamples(file: string, shownPath: string, variables: Variables): Sample[] {
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
  const inputFiles = new Map(
    codes.flatMap((node) => {
      const title = parseCodeMeta(node.meta).title;
      return typeof title === 'string' ? [[title, substitute(node)] as const] : [];
    }),
  );
  return codes.flatMap((node): Sample[] => {
    const language = sampleLanguages[node.lang as keyof typeof sampleLanguages];
    if (language === undefined || !node.value.includes('{{apiBase}}')) return [];
    const receiver = parseCodeMeta(node.meta).receiver;
    return [{
      location: `${shownPath}:${lineOf(node, bodyLine)}`,
      language,
      label: tabLabel(node),
      code: substitute(node),
      inputFiles,
      ...(typeof receiver === 'string' ? { receiverPath: receiver } : {}),
    }];
  });
}

function lineOf(node: Code, bodyLine: number): number {
  return (node.position?.start.line ?? 1) + bodyLine - 1;
}
