import type { ChangeMark } from '../../src/model/apiReference.ts';

/** "New in 2.10.0" or "Changed in 2.10.0" beside what a version added or changed; `short` in the sidebar: "New", "Changed". */
export function ChangeMarkBadge({ mark, short = false }: { mark?: ChangeMark; short?: boolean }) {
  if (!mark) return null;
  const text = `${mark.kind === 'new' ? 'New' : 'Changed'} in ${mark.label}`;
  return short ? (
    <span className={`api-mark api-mark--${mark.kind}`} title={text}>
      {mark.kind === 'new' ? 'New' : 'Changed'}
      <span className="visually-hidden"> in {mark.label}</span>
    </span>
  ) : (
    <span className={`api-mark api-mark--${mark.kind}`}>{text}</span>
  );
}
