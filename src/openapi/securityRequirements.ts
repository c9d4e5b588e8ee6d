import type { ApiOAuthFlow, ApiSecurityRequirement, ApiSecurityScheme } from '../model/apiReference.ts';
import { refTarget, type OpenApiModel } from './openApiModel.ts';

/**
 * What an operation needs to be called, read from the OpenAPI file's `securitySchemes` and the
 * operation's `security` (or the document's): the schemes shown in the reference, and the
 * credentials every sample and the Postman collection send, with a placeholder a reader replaces.
 */

/** A credential placed in a request, as a HAR request carries it (the samples' generator reads HAR). */
export interface Credentials {
  headers: { name: string; value: string }[];
  queryString: { name: string; value: string }[];
  /** HTTP basic authentication, which each language writes its own way (`curl --user`, `auth=(…)`). */
  basic?: { username: string; password: string };
}

/** The placeholders samples use for a reader's own credentials, per kind of scheme. */
export const credentialPlaceholders = {
  apiKey: 'YOUR_API_KEY',
  bearer: 'YOUR_TOKEN',
  accessToken: 'YOUR_ACCESS_TOKEN',
  username: 'YOUR_USERNAME',
  password: 'YOUR_PASSWORD',
  credentials: 'YOUR_CREDENTIALS',
} as const;

type Api = Pick<OpenApiModel, 'document' | 'parts'>;

/** The security scheme named `name`, its `$ref` followed; undefined when the file does not define it. */
function schemeNamed(api: Api, name: string): any {
  const scheme = api.document.components?.securitySchemes?.[name];
  return scheme?.$ref ? refTarget(api, scheme.$ref) : scheme;
}

/** The schemes of `components.securitySchemes`, in the file's order, as the reference describes them. */
export function securitySchemesOf(api: Api): (ApiSecurityScheme & { description: string })[] {
  return Object.keys(api.document.components?.securitySchemes ?? {}).map((name) => {
    const scheme = schemeNamed(api, name) ?? {};
    const flows = scheme.type === 'oauth2' ? oauthFlows(scheme) : undefined;
    return {
      name,
      summary: schemeSummary(scheme),
      ...(flows && flows.length > 0 ? { flows } : {}),
      description: String(scheme.description ?? ''),
    };
  });
}

/** What OpenAPI's four OAuth 2.0 flows are called in words. */
const flowLabels: Record<string, string> = {
  authorizationCode: 'Authorization code',
  clientCredentials: 'Client credentials',
  implicit: 'Implicit',
  password: 'Resource owner password',
};

/** An OAuth 2.0 scheme's flows with their URLs (those the file gives) and their scopes with descriptions. */
function oauthFlows(scheme: any): ApiOAuthFlow[] {
  const flows = scheme.flows;
  if (flows === null || typeof flows !== 'object') return [];
  return Object.entries<any>(flows).map(([type, flow]) => {
    const url = (key: string) => (typeof flow?.[key] === 'string' && flow[key] !== '' ? { [key]: flow[key] } : {});
    const scopes = flow?.scopes !== null && typeof flow?.scopes === 'object' ? flow.scopes : {};
    return {
      type,
      label: flowLabels[type] ?? type,
      ...url('authorizationUrl'),
      ...url('tokenUrl'),
      ...url('refreshUrl'),
      scopes: Object.entries<unknown>(scopes).map(([scope, description]) => ({
        name: scope,
        description: typeof description === 'string' ? description : '',
      })),
    };
  });
}

/** One line saying how a scheme is sent: `API key in the Authorization header, as "Token <key>"`. */
export function schemeSummary(scheme: any): string {
  switch (scheme?.type) {
    case 'apiKey': {
      const where = scheme.in === 'query' ? 'query parameter' : scheme.in === 'cookie' ? 'cookie' : 'header';
      const prefix =
        typeof scheme['x-docsgen-prefix'] === 'string' ? `, after "${scheme['x-docsgen-prefix'].trim()}"` : '';
      return `API key in the ${scheme.name} ${where}${prefix}`;
    }
    case 'http': {
      const kind = String(scheme.scheme ?? '').toLowerCase();
      if (kind === 'basic') return 'HTTP Basic authentication (username and password)';
      if (kind === 'bearer')
        return `Bearer token in the Authorization header${scheme.bearerFormat ? ` (${scheme.bearerFormat})` : ''}`;
      return `HTTP ${scheme.scheme} authentication in the Authorization header`;
    }
    case 'oauth2': {
      const flows = Object.keys(scheme.flows ?? {});
      return `OAuth 2.0${flows.length > 0 ? ` (${flows.join(', ')} flow${flows.length > 1 ? 's' : ''})` : ''}, access token sent as a bearer token`;
    }
    case 'openIdConnect':
      return `OpenID Connect${scheme.openIdConnectUrl ? ` (discovery at ${scheme.openIdConnectUrl})` : ''}, access token sent as a bearer token`;
    case 'mutualTLS':
      return 'Mutual TLS (a client certificate)';
    default:
      return `Security scheme of type ${String(scheme?.type)}`;
  }
}

/**
 * An operation's security requirements: its own `security`, else the document's. Each entry is
 * one way to authenticate (any one will do); its schemes are all needed together. An empty
 * entry (`{}`) makes authentication optional.
 */
export function securityRequirementsOf(api: Api, operation: any): ApiSecurityRequirement[] {
  const requirements = operation?.security ?? api.document.security ?? [];
  if (!Array.isArray(requirements)) return [];
  return requirements.map((requirement: Record<string, unknown>) =>
    Object.entries(requirement ?? {}).map(([name, scopes]) => ({
      name,
      scopes: Array.isArray(scopes) ? scopes.map(String) : [],
    })),
  );
}

/** The credentials a sample sends for the first way of authenticating the operation allows (none when it needs none). */
export function credentialsFor(api: Api, requirements: ApiSecurityRequirement[]): Credentials {
  const credentials: Credentials = { headers: [], queryString: [] };
  const [first = []] = requirements;
  const apiKeys = first.filter(({ name }) => schemeNamed(api, name)?.type === 'apiKey').length;
  for (const { name } of first) {
    const scheme = schemeNamed(api, name);
    if (!scheme) continue;
    switch (scheme.type) {
      case 'apiKey': {
        const placeholder =
          scheme['x-docsgen-placeholder'] ??
          (apiKeys > 1
            ? `YOUR_${name
                .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
                .replace(/[^A-Za-z0-9]+/g, '_')
                .toUpperCase()}`
            : credentialPlaceholders.apiKey);
        const value = `${scheme['x-docsgen-prefix'] ?? ''}${placeholder}`;
        // A cookie goes as a Cookie header: generators write HAR cookies inconsistently (fetch as `Set-Cookie`).
        if (scheme.in === 'query') credentials.queryString.push({ name: String(scheme.name), value });
        else if (scheme.in === 'cookie') credentials.headers.push({ name: 'Cookie', value: `${scheme.name}=${value}` });
        else credentials.headers.push({ name: String(scheme.name), value });
        break;
      }
      case 'http': {
        const kind = String(scheme.scheme ?? '').toLowerCase();
        if (kind === 'basic')
          credentials.basic = { username: credentialPlaceholders.username, password: credentialPlaceholders.password };
        else if (kind === 'bearer')
          credentials.headers.push({ name: 'Authorization', value: `Bearer ${credentialPlaceholders.bearer}` });
        else
          credentials.headers.push({
            name: 'Authorization',
            value: `${scheme.scheme} ${credentialPlaceholders.credentials}`,
          });
        break;
      }
      case 'oauth2':
      case 'openIdConnect':
        credentials.headers.push({ name: 'Authorization', value: `Bearer ${credentialPlaceholders.accessToken}` });
        break;
      // mutualTLS is a client certificate, which no request header carries.
    }
  }
  return credentials;
}
