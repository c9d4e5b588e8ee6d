/** First focusable element of every page: jumps past the navbar to the main content. */
export function SkipLink() {
  return (
    <a className="skip-link" href="#__docsgen_content">
      Skip to main content
    </a>
  );
}
