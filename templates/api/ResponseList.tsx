import type { ApiResponse } from '../../src/model/apiReference.ts';
import { SchemaTree } from './SchemaTree.tsx';

/**
 * Responses, each a disclosure whose summary is the status and the description's first paragraph
 * (phrasing content only, as <summary> requires); the rest, headers and body schemas inside.
 */
export function ResponseList({ responses, isOpen }: { responses: ApiResponse[]; isOpen: (status: string) => boolean }) {
  return (
    <ul className="api-responses">
      {responses.map((response) => (
        <li
          key={response.status}
          className={`api-response api-response--${/^[1-5]/.test(response.status) ? `${response.status[0]}xx` : 'default'}`}
        >
          <details open={isOpen(response.status)}>
            <summary>
              <span className="api-status">{response.status}</span>
              <span className="api-response__description" dangerouslySetInnerHTML={{ __html: response.summaryHtml }} />
            </summary>
            {response.descriptionHtml && (
              <div
                className="markdown api-response__more"
                dangerouslySetInnerHTML={{ __html: response.descriptionHtml }}
              />
            )}
            {response.headers.length > 0 && (
              <dl className="api-response__headers">
                {response.headers.map((header) => (
                  <div key={header.name}>
                    <dt>
                      Header <code>{header.name}</code>
                    </dt>
                    <dd dangerouslySetInnerHTML={{ __html: header.descriptionHtml ?? '' }} />
                  </div>
                ))}
              </dl>
            )}
            {response.bodies.map((body) =>
              // Error responses share one schema: link to it rather than repeat it on every operation.
              !response.status.startsWith('2') && body.schema.refName ? (
                <p key={body.contentType} className="schema__meta">
                  Body: <a href={body.schema.refHref}>{body.schema.refName}</a>
                </p>
              ) : (
                <SchemaTree key={body.contentType} node={body.schema} openDepth={0} />
              ),
            )}
          </details>
        </li>
      ))}
    </ul>
  );
}
