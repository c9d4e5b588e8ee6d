import { Fragment } from 'react';
import type { ChangeMark } from '../../src/model/apiReference.ts';
import { ChangeMarkBadge } from './ChangeMarkBadge.tsx';

/** Lists longer than this show their first `foldedShown` values, and the others on request (GitHub's event lists run to 80). */
const foldAbove = 20;
const foldedShown = 10;

/**
 * A schema's or parameter's allowed values (`enum`, `const`), each as code, and "New in" beside
 * those its version added (`marks`); a long list folded after its first ten.
 */
export function AllowedValues({ values, marks }: { values: string[]; marks?: Record<string, ChangeMark> }) {
  const codes = (list: string[]) =>
    list.map((value, index) => (
      <Fragment key={index}>
        <code className="schema__enum">{value}</code>
        <ChangeMarkBadge mark={marks?.[value]} />
      </Fragment>
    ));
  if (values.length <= foldAbove) return <p className="schema__meta">Allowed: {codes(values)}</p>;
  return (
    <div className="schema__meta">
      Allowed: {codes(values.slice(0, foldedShown))}
      <details className="schema__more">
        <summary>{values.length - foldedShown} more values</summary>
        {codes(values.slice(foldedShown))}
      </details>
    </div>
  );
}
