import type { ApiSecurityRequirement } from '../../src/model/apiReference.ts';

/**
 * How an operation authenticates, as Redoc's "Authorizations" and Scalar's "Authentication" lines
 * show it: each way that works (any one will do), each naming the schemes it needs together and
 * their OAuth scopes. "None" when the operation needs no credentials. A `div`, not a paragraph: like
 * the endpoint line, it is not search content.
 */
export function SecurityRequirement({ requirements }: { requirements: ApiSecurityRequirement[] }) {
  return (
    <div className="api-security">
      <span className="api-security__label">Authentication:</span>{' '}
      {requirements.length === 0
        ? 'none'
        : requirements.map((requirement, index) => (
            <span key={index}>
              {index > 0 && ' or '}
              {requirement.length === 0
                ? 'none'
                : requirement.map(({ name, scopes }, position) => (
                    <span key={name}>
                      {position > 0 && ' and '}
                      <code>{name}</code>
                      {scopes.length > 0 && (
                        <>
                          {' '}
                          (scopes:{' '}
                          {scopes.map((scope, at) => (
                            <span key={scope}>
                              {at > 0 && ', '}
                              <code>{scope}</code>
                            </span>
                          ))}
                          )
                        </>
                      )}
                    </span>
                  ))}
            </span>
          ))}
    </div>
  );
}
