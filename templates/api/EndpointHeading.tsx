import { fragmentHref } from '../../src/model/apiAnchors.ts';
import type { ChangeMark } from '../../src/model/apiReference.ts';
import { ChangeMarkBadge } from './ChangeMarkBadge.tsx';
/** An operation's or a webhook's title, with its direct link, and its method and path (or event type), and what its version changed in it. */
export function EndpointHeading({
  anchor,
  titleId,
  summary,
  method,
  path,
  mark,
}: {
  anchor: string;
  titleId: string;
  summary: string;
  method: string;
  path: string;
  mark?: ChangeMark;
}) {
  return (
    <>
      <h3 id={titleId} className="api-operation__title">
        {summary}
        <a className="hash-link" href={fragmentHref(anchor)} aria-label={`Direct link to ${summary}`} tabIndex={-1}>
          #
        </a>
      </h3>
      <p className="api-endpoint">
        <span className={`api-method api-method--${method.toLowerCase()}`}>{method}</span>
        <code className="api-endpoint__path">{path}</code>
        <ChangeMarkBadge mark={mark} />
      </p>
    </>
  );
}
