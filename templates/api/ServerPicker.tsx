import type { ApiServer } from '../../src/model/apiReference.ts';
import { serverBaseUrl } from '../../src/model/serverUrl.ts';

/**
 * Which server the samples call, as Scalar's server dropdown: the document's servers and each
 * one's variables (a list when the description gives their values). Hidden until the page's
 * script shows it (src/client/serverPicker.ts), which rewrites the base URL in every sample that
 * calls the default server, on this page and the reference's others; without the script the
 * list above says which server the samples call, and nothing on the page does nothing.
 */
export function ServerPicker({ servers }: { servers: ApiServer[] }) {
  const [first] = servers;
  if (!first || (servers.length === 1 && first.variables.length === 0)) return null;
  const defaultBase = serverBaseUrl(first.url, (name) => first.variables.find((v) => v.name === name)?.defaultValue);
  return (
    <form className="api-server-picker" data-server-picker={defaultBase} data-url={first.url} hidden>
      {servers.length > 1 && (
        <label>
          Samples call{' '}
          <select name="server" defaultValue="0">
            {servers.map((server, index) => (
              <option key={index} value={String(index)} data-url={server.url}>
                {server.url}
                {server.description && ` (${server.description})`}
              </option>
            ))}
          </select>
        </label>
      )}
      {servers.map(
        (server, index) =>
          server.variables.length > 0 && (
            <fieldset key={index} data-server={String(index)} hidden={index !== 0}>
              <legend>
                Variables of <code>{server.url}</code>
              </legend>
              {server.variables.map((variable) => (
                <label key={variable.name}>
                  <code>{`{${variable.name}}`}</code>{' '}
                  {variable.values ? (
                    <select name={variable.name} defaultValue={variable.defaultValue}>
                      {variable.values.map((value) => (
                        <option key={value} value={value}>
                          {value}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <input name={variable.name} defaultValue={variable.defaultValue} spellCheck={false} />
                  )}
                </label>
              ))}
            </fieldset>
          ),
      )}
    </form>
  );
}
