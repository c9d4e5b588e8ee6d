/** Data of the API reference page, built from the OpenAPI file by src/openapi. */

/** What samples write where the base URL goes when the description names none (or a relative one). */
export const baseUrlPlaceholder = '{BASE_URL}';

/** Ids of the page's own sections, which its sidebar links to. */
export const apiSectionIds = {
  introduction: 'introduction',
  authentication: 'authentication',
  webhooks: 'webhooks',
  webhooksTitle: 'webhooks-title',
  schemas: 'schemas',
} as const;

/** What a version changed in a part of the reference since the version before: "New in 2.10.0", "Changed in 2.10.0". */
export interface ChangeMark {
  kind: 'new' | 'changed';
  /** The version's label. */
  label: string;
}

/** A schema as the reference shows it: a tree of properties, array items and variants. */
export interface SchemaNode {
  /** Property name (absent for the root and array items). */
  name?: string;
  /** Display type: `string`, `integer`, `object`, `array of object`, a schema name… */
  type: string;
  /**
   * Name of the named schema this node is (or, for an array, whose items it holds), linked to its
   * section; below the top such a node has no children of its own: the section shows them.
   */
  refName?: string;
  /** The link to that schema's section (`#schema/Bundle`, or on its own page in a split reference). */
  refHref?: string;
  required: boolean;
  descriptionHtml?: string;
  enumValues?: string[];
  defaultValue?: string;
  /** Human-readable constraints: `2 to 20 characters`, `at most 1000000`, `unique items`… */
  constraints: string[];
  /** The regular expression a string matches, shown as code (as examples are). */
  pattern?: string;
  readOnly: boolean;
  /** Object properties, array item properties, or `oneOf` variants (then `variants` is set). */
  children: SchemaNode[];
  /** Label of the alternatives when children are `oneOf`/`anyOf` variants. */
  variants?: 'one of' | 'any of';
  /** The property is new or changed in this version (src/openapi/markChanges.ts). */
  mark?: ChangeMark;
  /** The enum values (as `enumValues` writes them) this version added, with its mark. */
  enumMarks?: Record<string, ChangeMark>;
}

/** A parameter of an operation (path, query, header or cookie). */
export interface ApiParameter {
  name: string;
  location: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: SchemaNode;
  descriptionHtml?: string;
  /** Its example (the first, when it has several): what the request samples send. */
  example?: string;
  /** Every example, each with its summary or key, when it has more than one (`examples`). */
  examples?: { label: string; value: string }[];
  mark?: ChangeMark;
}

/** A request or response body of one content type. */
export interface ApiBody {
  contentType: string;
  schema: SchemaNode;
  exampleHtml?: string;
}

/** A response of an operation, by status. */
export interface ApiResponse {
  status: string;
  /** The description's first paragraph, as phrasing content: it sits in the response's `<summary>`. */
  summaryHtml: string;
  /** The rest of the description, shown when the response is opened (usually empty). */
  descriptionHtml: string;
  headers: { name: string; descriptionHtml?: string }[];
  bodies: ApiBody[];
}

/** An operation as its section shows it. */
export interface ApiOperation {
  id: string;
  anchor: string;
  titleId: string;
  method: string;
  path: string;
  summary: string;
  /** The description's Markdown as written (with a summary too long for a title): its Markdown twin's text. */
  descriptionMarkdown?: string;
  descriptionHtml: string;
  deprecated: boolean;
  parameters: ApiParameter[];
  requestBodies: ApiBody[];
  requestRequired: boolean;
  responses: ApiResponse[];
  /** The ways to authenticate this operation (any one will do); empty when it needs none. */
  security: ApiSecurityRequirement[];
  /** Request samples as a code-tab group (the configured languages, and `x-codeSamples`), synced with the docs' tabs. */
  samplesHtml: string;
  /** The samples' Markdown (a `:::code-tabs` group) that `samplesHtml` is rendered from: its Markdown twin's sample. */
  samplesMarkdown?: string;
  /** The base URL its samples call: its nearest server's (src/openapi/serverUrl.ts), which the server picker replaces. */
  sampleBaseUrl: string;
  mark?: ChangeMark;
}

/** One way to authenticate an operation: every scheme it names is needed, with these OAuth scopes. */
export type ApiSecurityRequirement = { name: string; scopes: string[] }[];

/** A security scheme of `components.securitySchemes`, as the Authentication section describes it. */
export interface ApiSecurityScheme {
  name: string;
  /** How it is sent, in one line: `API key in the api_key query parameter`. */
  summary: string;
  /** An OAuth 2.0 scheme's flows, in the file's order (absent for other schemes). */
  flows?: ApiOAuthFlow[];
}

/** One OAuth 2.0 flow of a scheme: where a client gets and refreshes its token, and the scopes it may ask for. */
export interface ApiOAuthFlow {
  /** The flow's key in the file: `authorizationCode`, `clientCredentials`, `implicit`, `password`. */
  type: string;
  /** What the flow is called in words: `Authorization code`. */
  label: string;
  authorizationUrl?: string;
  tokenUrl?: string;
  refreshUrl?: string;
  scopes: { name: string; description: string }[];
}

/** A request the API sends to your webhook URL (OpenAPI `webhooks:`), one per event type. */
export interface ApiWebhook {
  /** The event type, its key under `webhooks:`. */
  name: string;
  anchor: string;
  titleId: string;
  method: string;
  summary: string;
  descriptionHtml: string;
  /** The headers the API sends with the request. */
  parameters: ApiParameter[];
  requestBodies: ApiBody[];
  /** What your endpoint answers, and what the API does with it. */
  responses: ApiResponse[];
  mark?: ChangeMark;
}

/** A tag of the description: its section and its operations. */
export interface ApiTag {
  name: string;
  anchor: string;
  titleId: string;
  descriptionHtml: string;
  operations: ApiOperation[];
}

/** A named schema of the description, with its section's anchor. */
export interface ApiSchema {
  name: string;
  anchor: string;
  node: SchemaNode;
}

/** A server of the description: its URL as written (`https://{region}.api.example`), and its variables. */
export interface ApiServer {
  url: string;
  description: string;
  /** Its variables: their defaults (the samples use the first server's), and the values allowed. */
  variables: { name: string; defaultValue: string; values?: string[] }[];
}

/** The whole reference, as the API page's template receives it. */
export interface ApiReferenceData {
  title: string;
  version: string;
  descriptionHtml: string;
  /** The document's servers; the samples call the first (unless an operation names its own). */
  servers: ApiServer[];
  /** The API's security schemes; none for an API without security (no Authentication section then). */
  security: (ApiSecurityScheme & { descriptionHtml: string })[];
  tags: ApiTag[];
  webhooks: ApiWebhook[];
  schemas: ApiSchema[];
  downloads: { label: string; href: string }[];
}

/** One page of the reference: the whole of it, or (split) its overview, a tag, the webhooks or the schemas. */
export interface ReferencePage {
  route: string;
  kind: 'whole' | 'overview' | 'tag' | 'webhooks' | 'schemas';
  /** Its title in the navigation and the previous/next links. */
  label: string;
  /** The tag a tag page shows. */
  tag?: string;
  /** Which of the tag's operations, of the webhooks or of the schemas the page shows: [from, to) in the reference's order (absent: all). */
  range?: [number, number];
  /** A split reference's tag, webhooks or schemas page: the digest of what it shows from the description (referencePages.ts withDigests). */
  digest?: string;
}

/** The level of an operation's, a webhook's or a schema's heading on the reference's one page. */
export const itemHeadingLevel = 3;

/**
 * How many levels a page of the reference lifts its headings above the reference on one page, so
 * that each page has one `h1` and an outline without gaps: on one page (and a split reference's
 * overview) the introduction's title is the `h1`, each tag, the webhooks and the schemas an `h2`,
 * an operation, a webhook or a schema an `h3`, their parts (parameters, body, responses) an `h4`;
 * a split reference's tag, webhooks or schemas page has no introduction, so its title (the tag's
 * name) is the `h1` and everything under it, the description's own headings included, one level
 * up (axe's `page-has-heading-one` on every such page of GitHub's, Box's, DigitalOcean's and
 * Dropbox Sign's references).
 */
export function headingsLifted(kind: ReferencePage['kind']): number {
  return kind === 'whole' || kind === 'overview' ? 0 : 1;
}

/** Which page of the reference is rendered, among all of them (their links with the base URL applied). */
export interface ApiPageView {
  page: ReferencePage;
  pages: (ReferencePage & { href: string })[];
  /** The page (its index in `pages`) of each operation, webhook and schema, for links kept from a reference on one page (`/api/#operation/x`). */
  anchorPages?: Record<string, number>;
}
