import { useEffect, useRef, useState } from 'react';
import { maxQueryLength } from './SearchBox.tsx';

/** Spec: results update as the query changes, after the reader pauses this long. */
const typingPauseMs = 300;

/**
 * The search page's query, kept in step with the address's `q`: read from the address (or from
 * text typed before the script ran), written back as it changes, and submitted after a pause in
 * typing or at once on `submit`.
 */
export function useAddressQuery() {
  const [query, setQuery] = useState('');
  const [submitted, setSubmitted] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Text typed before the page's script ran wins over the address.
    const initial = (input.current?.value || new URLSearchParams(window.location.search).get('q') || '').slice(
      0,
      maxQueryLength,
    );
    setQuery(initial);
    setSubmitted(initial);
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => setSubmitted(query.trim() ? query : ''), typingPauseMs);
    const url = new URL(window.location.href);
    if (query) url.searchParams.set('q', query);
    else url.searchParams.delete('q');
    if (url.href !== window.location.href) history.replaceState(history.state, '', url);
    return () => clearTimeout(timer);
  }, [query]);
  const submit = () => setSubmitted(query.trim() ? query : '');
  return { input, query, setQuery, submitted, submit };
}
