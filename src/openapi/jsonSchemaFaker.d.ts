// The json-schema-faker bundled with openapi-to-postmanv2 (0.5.0-rc15, patched by Postman), which its converter uses.
declare module 'openapi-to-postmanv2/assets/json-schema-faker.js' {
  const schemaFaker: {
    option(options: { random?: () => number }): void;
    format(generators: Record<string, (schema: unknown) => unknown>): void;
  };
  export default schemaFaker;
}
