import { createHighlighter, type Highlighter } from 'shiki';

/** The languages content may highlight; anything else is shown as plain text. */
export const highlightLanguages = [
  'bash', 'shellscript', 'json', 'jsonc', 'javascript', 'typescript', 'jsx', 'tsx', 'python', 'php', 'http',
  'yaml', 'html', 'css', 'xml', 'diff', 'ini', 'toml', 'markdown', 'sql', 'go', 'ruby', 'java', 'csharp',
] as const;

export const highlightThemes = { light: 'github-light', dark: 'github-dark' } as const;

let shared: Promise<Highlighter> | undefined;

/** One Shiki highlighter per process: loading grammars is the slow part, highlighting is fast. */
export function loadHighlighter(): Promise<Highlighter> {
  shared ??= createHighlighter({
    themes: Object.values(highlightThemes),
    langs: [...highlightLanguages],
  });
  return shared;
}
