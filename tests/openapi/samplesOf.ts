/** The samples of a `:::code-tabs` group as generated (Markdown, before rendering), by tab label. */
export function samplesOf(markdown: string): Map<string, string> {
  const samples = new Map<string, string>();
  for (const match of markdown.matchAll(/^(`{3,})[\w#+-]* label="([^"]*)"\n([\s\S]*?)\n\1$/gm))
    samples.set(match[2]!, match[3]!);
  return samples;
}
