/** The spinner shown in place of the content while it loads (after 200 ms). A template, cloned when needed. */
export function ContentLoading() {
  return (
    <template id="content-loading">
      <div className="content-status content-loading" role="status">
        <span className="content-loading__spinner" aria-hidden="true" />
        <span className="visually-hidden">Loading…</span>
      </div>
    </template>
  );
}
