import type { ApiOAuthFlow } from '../../src/model/apiReference.ts';

/**
 * An OAuth 2.0 scheme's flows, as Redoc and Scalar show them: for each, where a client is sent to
 * authorize, gets its token and refreshes it (the URLs the description gives), and the scopes it
 * may ask for with what each allows.
 */
export function OAuthFlows({ flows }: { flows: ApiOAuthFlow[] }) {
  return (
    <dl className="api-oauth-flows">
      {flows.map((flow) => (
        <div key={flow.type}>
          <dt>{flow.label} flow</dt>
          <dd>
            <ul className="api-oauth-flows__urls">
              {flow.authorizationUrl && (
                <li>
                  Authorization URL: <code>{flow.authorizationUrl}</code>
                </li>
              )}
              {flow.tokenUrl && (
                <li>
                  Token URL: <code>{flow.tokenUrl}</code>
                </li>
              )}
              {flow.refreshUrl && (
                <li>
                  Refresh URL: <code>{flow.refreshUrl}</code>
                </li>
              )}
            </ul>
            {flow.scopes.length > 0 ? (
              <table className="api-params">
                <thead>
                  <tr>
                    <th scope="col">Scope</th>
                    <th scope="col">Allows</th>
                  </tr>
                </thead>
                <tbody>
                  {flow.scopes.map((scope) => (
                    <tr key={scope.name}>
                      <td>
                        <code>{scope.name}</code>
                      </td>
                      <td>{scope.description || 'Not described.'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p>No scopes.</p>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
