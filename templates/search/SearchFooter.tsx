import { ArrowDownIcon, ArrowUpIcon, ReturnIcon } from './searchIcons.tsx';

/** Key hints (select, navigate, close), and the hosted service's credit when it answers. */
export function SearchFooter({ hosted }: { hosted: boolean }) {
  return (
    <div className="search-modal__footer">
      {hosted && (
        <a
          className="search-modal__credit"
          href="https://www.algolia.com/ref/docsearch/?utm_source=docsearch&utm_medium=link&utm_term=footer&utm_campaign=docsearch"
          target="_blank"
          rel="noopener noreferrer"
        >
          Search by <strong>Algolia</strong>
        </a>
      )}
      <ul className="search-modal__commands">
        <li>
          <kbd>
            <ReturnIcon />
            <span className="visually-hidden">Enter key</span>
          </kbd>
          <span className="search-modal__command">to select</span>
        </li>
        <li>
          <kbd>
            <ArrowDownIcon />
            <span className="visually-hidden">Arrow down</span>
          </kbd>
          <kbd>
            <ArrowUpIcon />
            <span className="visually-hidden">Arrow up</span>
          </kbd>
          <span className="search-modal__command">to navigate</span>
        </li>
        <li>
          <kbd className="search-modal__key--text">
            <span aria-hidden="true">esc</span>
            <span className="visually-hidden">Escape key</span>
          </kbd>
          <span className="search-modal__command">to close</span>
        </li>
      </ul>
    </div>
  );
}
