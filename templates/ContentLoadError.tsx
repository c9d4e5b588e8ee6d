/**
 * The red box shown in place of the content when a page's content fails to load: the error text
 * (filled in by the runtime) and a Retry button. A template, cloned when needed.
 */
export function ContentLoadError() {
  return (
    <template id="content-load-error">
      <div className="content-status content-error" role="alert">
        <p className="content-error__title">This page could not be loaded.</p>
        <p className="content-error__message" />
        <button type="button" className="button content-error__retry">
          Retry
        </button>
      </div>
    </template>
  );
}
