import type { ChangeMark } from '../../src/model/apiReference.ts';
import { changeMarkText } from './schemaHtml.ts';

/**
 * "New in 2.10.0" or "Changed in 2.10.0" beside what a version added or changed; `short` in the
 * sidebar: "New", "Changed". A schema's properties write the long one as HTML (schemaHtml.ts).
 */
export function ChangeMarkBadge({ mark, short = false }: { mark?: ChangeMark; short?: boolean }) {
  if (!mark) return null;
  const text = changeMarkText(mark);
  return short ? (
    <span className={`api-mark api-mark--${mark.kind}`} title={text}>
      {mark.kind === 'new' ? 'New' : 'Changed'}
      <span className="visually-hidden"> in {mark.label}</span>
    </span>
  ) : (
    <span className={`api-mark api-mark--${mark.kind}`}>{text}</span>
  );
}
