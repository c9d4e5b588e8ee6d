/**
 * Docusaurus's highlighting comments: a line that holds only `// highlight-next-line`,
 * `// highlight-start` or `// highlight-end` (`#` in shell, Python, YAML; `<!-- -->` in HTML…)
 * marks lines and is itself removed, from the page and so from what the copy button copies. The
 * comment forms each language takes are Docusaurus's (theme-common's codeBlockUtils), so pages
 * brought over highlight the same lines.
 */

/** Comment forms as [start, end] patterns. */
const forms = {
  js: ['//', ''],
  jsBlock: ['/\\*', '\\*/'],
  jsx: ['\\{\\s*/\\*', '\\*/\\s*\\}'],
  bash: ['#', ''],
  html: ['<!--', '-->'],
  lua: ['--', ''],
  wasm: [';;', ''],
  tex: ['%', ''],
  vb: ["['‘’]", ''],
  vbnet: ["(?:_\\s*)?['‘’]", ''],
  rem: ['[Rr][Ee][Mm]\\b', ''],
  f90: ['!', ''],
  ml: ['\\(\\*', '\\*\\)'],
  cobol: ['\\*>', ''],
} as const;

type Form = keyof typeof forms;

/** The forms a language's comments take; any other language gets the five common ones. */
const formsByLanguage = new Map<string, Form[]>([
  ...['js', 'javascript', 'ts', 'typescript'].map((language): [string, Form[]] => [language, ['js', 'jsBlock']]),
  ...['jsx', 'tsx'].map((language): [string, Form[]] => [language, ['js', 'jsBlock', 'jsx']]),
  ['html', ['js', 'jsBlock', 'html']],
  ...['python', 'py', 'bash', 'sh', 'shell'].map((language): [string, Form[]] => [language, ['bash']]),
  // Text takes HTML comments, front matter `#`.
  ...['markdown', 'md'].map((language): [string, Form[]] => [language, ['html', 'jsx', 'bash']]),
  ...['tex', 'latex', 'matlab'].map((language): [string, Form[]] => [language, ['tex']]),
  ...['lua', 'haskell'].map((language): [string, Form[]] => [language, ['lua']]),
  ['sql', ['lua', 'jsBlock']],
  ['wasm', ['wasm']],
  ...['vb', 'vba', 'visual-basic'].map((language): [string, Form[]] => [language, ['vb', 'rem']]),
  ['vbnet', ['vbnet', 'rem']],
  ['batch', ['rem']],
  ['basic', ['rem', 'f90']],
  ['fsharp', ['js', 'ml']],
  ...['ocaml', 'sml'].map((language): [string, Form[]] => [language, ['ml']]),
  ['fortran', ['f90']],
  ['cobol', ['cobol']],
]);
const commonForms: Form[] = ['js', 'jsBlock', 'jsx', 'bash', 'html'];

type Directive = 'highlight-next-line' | 'highlight-start' | 'highlight-end';

const patterns = new Map<string, RegExp>();

/** A line that is only a directive comment, in the forms `language` takes; group 1 or another holds the directive. */
function directivePattern(language: string): RegExp {
  const chosen = formsByLanguage.get(language) ?? commonForms;
  const key = chosen.join(' ');
  let pattern = patterns.get(key);
  if (!pattern) {
    const alternatives = chosen.map(
      (form) => `(?:${forms[form][0]}\\s*(highlight-next-line|highlight-start|highlight-end)\\s*${forms[form][1]})`,
    );
    pattern = new RegExp(`^\\s*(?:${alternatives.join('|')})\\s*$`);
    patterns.set(key, pattern);
  }
  return pattern;
}

/** A code block's text without its highlight comments, and the lines they mark. */
export interface HighlightedCode {
  /** The code without its directive lines. */
  code: string;
  /** Lines to highlight, 1-based, in `code`. */
  lines: number[];
}

/** A mistake in a block's highlighting, at the line of the block it is on (1-based, in the code as written; 0: the fence). */
export class MagicCommentError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

/** The `{2,4-5}` of a fence's meta (what Shiki's meta-highlight parser reads), if it has one. */
export const lineRangeOf = (meta: string | undefined): string | undefined =>
  meta ? /\{[\d,-]+\}/.exec(meta)?.[0] : undefined;

/**
 * A block's code without its directive comments, and the lines they highlight. (A block whose
 * meta has a `{2,4-5}` range is left as written, as in Docusaurus: the range numbers its lines.)
 * Unpaired `highlight-start`/`highlight-end` are errors, where Docusaurus ignores them silently.
 */
export function withoutMagicComments(code: string, language: string | undefined): HighlightedCode {
  const written = code.split('\n');
  const pattern = directivePattern(language ?? '');
  const kept: string[] = [];
  const lines: number[] = [];
  let open: number | undefined;
  let nextLine = false;
  written.forEach((text, index) => {
    const match = pattern.exec(text);
    const directive = match?.slice(1).find((group) => group !== undefined) as Directive | undefined;
    const column = text.search(/\S/) + 1;
    if (directive === 'highlight-next-line') nextLine = true;
    else if (directive === 'highlight-start') {
      if (open !== undefined)
        throw new MagicCommentError(
          'highlight-start inside another highlight-start: add a highlight-end before it',
          index + 1,
          column,
        );
      open = index + 1;
    } else if (directive === 'highlight-end') {
      if (open === undefined)
        throw new MagicCommentError('highlight-end without a highlight-start before it', index + 1, column);
      open = undefined;
    } else {
      kept.push(text);
      if (nextLine || open !== undefined) lines.push(kept.length);
      nextLine = false;
    }
  });
  if (open !== undefined)
    throw new MagicCommentError(
      'highlight-start without a highlight-end after it',
      open,
      written[open - 1].search(/\S/) + 1,
    );
  return { code: kept.join('\n'), lines };
}
