import { highlightTags } from './searchRequest.ts';

/** A run of text, matched or not, as the view shows it. */
export interface HighlightPart {
  text: string;
  highlighted: boolean;
}

const escapes: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
};

/**
 * A highlighted value from the search backend (`_highlightResult`, `_snippetResult`) as text to
 * render, never as markup: the backend escapes the record's text and wraps matches in the
 * highlight tags we ask for, so those tags are split out and the rest unescaped, as InstantSearch
 * reads hits. Any other tag a service sends stays visible text, rendered escaped by React.
 */
export function highlightParts(value: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  const push = (text: string, highlighted: boolean) => {
    if (text)
      parts.push({ text: text.replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (escape) => escapes[escape]), highlighted });
  };
  const [first, ...rest] = value.split(highlightTags.pre);
  push(first, false);
  for (const piece of rest) {
    const end = piece.indexOf(highlightTags.post);
    if (end === -1) {
      push(piece, true);
    } else {
      push(piece.slice(0, end), true);
      push(piece.slice(end + highlightTags.post.length), false);
    }
  }
  return parts;
}
