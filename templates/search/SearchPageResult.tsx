import { hierarchyLevels } from '../../src/model/searchRecord.ts';
import { hitUrl } from '../../src/client/search/hitUrl.ts';
import type { SearchHit } from '../../src/client/search/searchResponse.ts';
import { HighlightedText } from './HighlightedText.tsx';

/**
 * A hit's title (its deepest level), where it is (the levels above it, highlighted: section, page,
 * headings), and its snippet. One rule for every hit: a level that repeats the next is said once,
 * so a page at the top of the sidebar (its own section) reads as its page breadcrumbs do.
 */
function resultParts(hit: SearchHit) {
  const levels = hierarchyLevels.filter((level) => hit.hierarchy[level]);
  const text = (level: (typeof hierarchyLevels)[number]) => ({
    highlighted: hit._highlightResult?.hierarchy?.[level]?.value,
    text: hit.hierarchy[level] ?? '',
  });
  const parts = levels.map(text);
  return {
    title: parts[parts.length - 1],
    breadcrumbs: parts.slice(0, -1).filter((part, index) => part.text !== parts[index + 1].text),
    snippet: hit._snippetResult?.content?.value,
  };
}

/** One result of the search page: its linked title, where it is, and the matching words. */
export function SearchPageResult({ hit, external }: { hit: SearchHit; external: string | undefined }) {
  const parts = resultParts(hit);
  return (
    <li className="search-page__result">
      <h2 className="search-page__result-title">
        <a href={hitUrl(hit.url, external)}>
          <HighlightedText {...parts.title} />
        </a>
      </h2>
      {parts.breadcrumbs.length > 0 && (
        <ol className="search-page__breadcrumbs" aria-label="Where it is">
          {parts.breadcrumbs.map((crumb, i) => (
            <li key={i}>
              <HighlightedText {...crumb} />
            </li>
          ))}
        </ol>
      )}
      {parts.snippet && (
        <p className="search-page__snippet">
          <HighlightedText highlighted={parts.snippet} text={null} />
        </p>
      )}
    </li>
  );
}
