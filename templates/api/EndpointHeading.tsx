import { fragmentHref } from '../../src/model/apiAnchors.ts';
import type { ChangeMark } from '../../src/model/apiReference.ts';
import { ChangeMarkBadge } from './ChangeMarkBadge.tsx';
import { ReferenceHeading } from './ReferenceHeading.tsx';
/** An operation's or a webhook's title, with its direct link, and its method and path (or event type), and what its version changed in it. */
export function EndpointHeading({
  anchor,
  titleId,
  summary,
  method,
  path,
  mark,
  level,
}: {
  anchor: string;
  titleId: string;
  summary: string;
  method: string;
  path: string;
  mark?: ChangeMark;
  /** Its heading's level: 3 on the reference's one page, 2 on a split reference's page. */
  level: number;
}) {
  return (
    <>
      <ReferenceHeading level={level} id={titleId} className="api-operation__title">
        {summary}
        <a className="hash-link" href={fragmentHref(anchor)} aria-label={`Direct link to ${summary}`} tabIndex={-1}>
          #
        </a>
      </ReferenceHeading>
      <p className="api-endpoint">
        <span className={`api-method api-method--${method.toLowerCase()}`}>{method}</span>
        <code className="api-endpoint__path">{path}</code>
        <ChangeMarkBadge mark={mark} />
      </p>
    </>
  );
}
