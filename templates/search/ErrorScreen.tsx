import { ErrorIcon } from './searchIcons.tsx';

/** Spec §8: shown whenever a request fails, until the query changes. */
export function ErrorScreen() {
  return (
    <div className="search-screen search-screen--error" role="alert">
      <ErrorIcon />
      <p className="search-screen__title">Unable to fetch results</p>
      <p className="search-screen__help">You might want to check your network connection.</p>
    </div>
  );
}
