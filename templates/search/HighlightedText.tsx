import { highlightParts } from '../../src/client/search/highlightParts.ts';

/**
 * Text from the search backend: `highlighted`, a highlighted value read by `highlightParts` (its
 * matches in <mark>), or else `text`, a record's raw field, shown as it is. Neither is ever HTML.
 */
export function HighlightedText({ highlighted, text }: { highlighted?: string; text: string | null }) {
  if (highlighted === undefined) return <>{text}</>;
  return (
    <>
      {highlightParts(highlighted).map((part, i) => (part.highlighted ? <mark key={i}>{part.text}</mark> : part.text))}
    </>
  );
}
