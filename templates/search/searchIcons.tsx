/** The modal's icons (DocSearch's set, drawn with currentColor). */

const Icon = ({ children, size = 20 }: { children: React.ReactNode; size?: number }) => (
  <svg className="search-icon" width={size} height={size} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
    <g
      stroke="currentColor"
      fill="none"
      fillRule="evenodd"
      strokeLinecap="round"
      strokeLinejoin="round"
      strokeWidth="1.4"
    >
      {children}
    </g>
  </svg>
);

/** A hit that is a page. */
export const PageIcon = () => (
  <Icon>
    <path d="M17 6v12c0 .52-.2 1-1 1H4c-.7 0-1-.33-1-1V2c0-.55.42-1 1-1h8l5 5zM14 8h-3.13c-.51 0-.87-.34-.87-.87V4M6.5 11.5h7M6.5 14.5h7" />
  </Icon>
);

/** A hit that is a heading. */
export const HeadingIcon = () => (
  <Icon>
    <path d="M13 13h4-4V8H7v5h6v4-4H7V8H3h4V3v5h6V3v5h4-4v5zm-6 0v4-4H3h4z" />
  </Icon>
);

/** A hit that is a paragraph. */
export const ContentIcon = () => (
  <Icon>
    <path d="M17 5H3h14zm0 5H3h14zm0 5H3h14z" />
  </Icon>
);

/** A recent search. */
export const RecentIcon = () => (
  <Icon>
    <path d="M3.18 6.6a8.23 8.23 0 1112.93 9.94h0a8.23 8.23 0 01-11.63 0" />
    <path d="M6.44 7.25H2.55V3.36M10.45 6v5.6M10.45 11.6L13 13" />
  </Icon>
);

/** Save as a favorite. */
export const StarIcon = () => (
  <Icon>
    <path d="M10 14.2L5 17l1-5.6-4-4 5.5-.7 2.5-5 2.5 5 5.6.8-4 4 .9 5.5z" />
  </Icon>
);

/** Remove from the list. */
export const RemoveIcon = () => (
  <Icon>
    <path d="M10 10l5.09-5.09L10 10l5.09 5.09L10 10zm0 0L4.91 4.91 10 10l-5.09 5.09L10 10z" />
  </Icon>
);

/** Go to the hit. */
export const EnterIcon = () => (
  <Icon>
    <path d="M18 3v4c0 2-2 4-4 4H2" />
    <path d="M8 17l-6-6 6-6" />
  </Icon>
);

/** A hit under the one above it. */
export const TreeIcon = () => (
  <svg className="search-hit__tree" width="24" height="54" viewBox="0 0 24 54" aria-hidden="true" focusable="false">
    <g stroke="currentColor" fill="none" fillRule="evenodd" strokeLinecap="round" strokeLinejoin="round">
      <path d="M8 6v42M20 27H8.3" />
    </g>
  </svg>
);

/** A query under way. */
export const SpinnerIcon = () => (
  <svg
    className="search-icon search-icon--spinner"
    width="20"
    height="20"
    viewBox="0 0 38 38"
    stroke="currentColor"
    strokeOpacity=".5"
    aria-hidden="true"
    focusable="false"
  >
    <g fill="none" fillRule="evenodd">
      <g transform="translate(1 1)" strokeWidth="2">
        <circle strokeOpacity=".3" cx="18" cy="18" r="18" />
        <path d="M36 18c0-9.94-8.06-18-18-18" />
      </g>
    </g>
  </svg>
);

/** Nothing found. */
export const NoResultsIcon = () => (
  <svg
    width="40"
    height="40"
    viewBox="0 0 20 20"
    fill="none"
    fillRule="evenodd"
    stroke="currentColor"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M15.5 4.8c2 3 1.7 7-1 9.7h0l4.3 4.3-4.3-4.3a7.8 7.8 0 01-9.8 1m-2.2-2.2A7.8 7.8 0 0113.2 2.4M2 18L18 2" />
  </svg>
);

/** The search failed. */
export const ErrorIcon = () => (
  <svg
    width="40"
    height="40"
    viewBox="0 0 20 20"
    fill="none"
    fillRule="evenodd"
    stroke="currentColor"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M19 4.8a16 16 0 00-2-1.2m-3.3-1.2A16 16 0 001.1 4.7M16.7 8a12 12 0 00-2.8-1.4M10 6a12 12 0 00-6.7 2M12.3 14.7a4 4 0 00-4.5 0M14.5 11.4A8 8 0 0010 10M3 16L18 2M10 18h0" />
  </svg>
);

/** The key that moves down. */
export const ArrowDownIcon = () => (
  <svg width="15" height="15" viewBox="0 0 15 15" aria-hidden="true" focusable="false">
    <g fill="none" stroke="currentColor" strokeLinecap="round" strokeLinejoin="round" strokeWidth="1.2">
      <path d="M7.5 3.5v8M10.5 8.5l-3 3-3-3" />
    </g>
  </svg>
);

/** The key that moves up. */
export const ArrowUpIcon = () => (
  <svg width="15" height="15" viewBox="0 0 15 15" aria-hidden="true" focusable="false">
    <g fill="none" stroke="currentColor" strokeLinecap="round" strokeLinejoin="round" strokeWidth="1.2">
      <path d="M7.5 11.5v-8M10.5 6.5l-3-3-3 3" />
    </g>
  </svg>
);

/** The key that opens a hit. */
export const ReturnIcon = () => (
  <svg width="15" height="15" viewBox="0 0 15 15" aria-hidden="true" focusable="false">
    <g fill="none" stroke="currentColor" strokeLinecap="round" strokeLinejoin="round" strokeWidth="1.2">
      <path d="M12 3.53v3.12a2 2 0 01-2 2H3M6 5.5l-3 3 3 3" />
    </g>
  </svg>
);
