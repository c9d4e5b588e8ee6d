/** Characters that may start Markdown syntax (`@`: GFM links an email address), or need the full pipeline's care. */
const markdownSyntax = /[\\`*_[\]<>#|!&~:@\n]|^\s*(?:[-+=]|\d+[.)])\s|https?:|www\./;

/**
 * The HTML of a one-line description with no Markdown in it: what the unified pipeline would
 * produce (`<p>` and the text), without running it. Undefined when the text needs the pipeline.
 * Most OpenAPI descriptions are such lines, and there are hundreds of them.
 */
export function plainParagraph(markdown: string): Promise<string> | undefined {
  const text = markdown.trim();
  if (text === '') return Promise.resolve('');
  if (markdownSyntax.test(text)) return undefined;
  return Promise.resolve(`<p>${text}</p>`);
}
