import { NoResultsIcon } from './searchIcons.tsx';

/** Spec §2: the query, up to three earlier groups to try, and where to report missing results. */
export function NoResultsScreen({
  query,
  suggestions,
  missingResultsUrl,
  onSuggestion,
}: {
  query: string;
  suggestions: string[];
  missingResultsUrl?: string;
  onSuggestion: (query: string) => void;
}) {
  return (
    <div className="search-screen search-screen--no-results">
      <NoResultsIcon />
      <p className="search-screen__title">
        No results for "<strong>{query}</strong>"
      </p>
      {suggestions.length > 0 && (
        <div className="search-screen__suggestions">
          <p className="search-screen__help">Try searching for:</p>
          <ul>
            {suggestions.slice(0, 3).map((suggestion) => (
              <li key={suggestion}>
                <button
                  type="button"
                  className="search-screen__suggestion"
                  onClick={() => onSuggestion(`${suggestion.toLowerCase()} `)}
                >
                  {suggestion}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {missingResultsUrl && (
        <p className="search-screen__help">
          Believe this query should return results?{' '}
          <a
            href={missingResultsUrl.replace('{query}', encodeURIComponent(query))}
            target="_blank"
            rel="noopener noreferrer"
          >
            Let us know.
          </a>
        </p>
      )}
    </div>
  );
}
