/** The calls made here of an Ajv instance, as the Postman converter builds it. */
interface SchemaValidators {
  compile(schema: unknown): ((value: unknown) => boolean) & { errors?: unknown };
  removeSchema(): unknown;
}

/** Schemas one instance checks before it is replaced: Ajv keeps some of each compiled schema's code. */
const schemasPerInstance = 1000;

/**
 * The Postman converter checks a schema's `example` against the schema before it uses it
 * (`validateSchemaAJV`, openapi-to-postmanv2's lib/ajValidation/ajvValidator.js), and builds a new
 * Ajv instance for each check, which compiles the JSON Schema meta-schema again: 12 ms a check,
 * 0.7 of the 3.4 s of CPU that converting GitHub's description takes (58 checks).
 * bin/compileEngine.js puts this in its place, given the file's own `buildValidatorObject` and
 * `addFormats`: one instance per draft, built as the converter builds it, which forgets every
 * schema after its check (a new instance would not know it either), so the answers are the same.
 */
export function reusedValidators(
  build: (draft: string | undefined) => SchemaValidators,
  addFormats: (validators: SchemaValidators) => void,
) {
  const instances = new Map<string | undefined, { validators: SchemaValidators; checks: number }>();
  return {
    validateSchemaAJV(schema: unknown, value: unknown, draft: string | undefined) {
      // Always undefined: what the converter's own function returns in it.
      let filteredValidationError;
      let validate;
      try {
        let instance = instances.get(draft);
        if (!instance || instance.checks >= schemasPerInstance) {
          const validators = build(draft);
          addFormats(validators);
          instances.set(draft, (instance = { validators, checks: 0 }));
        }
        instance.checks++;
        try {
          validate = instance.validators.compile(schema);
          validate(value);
        } finally {
          instance.validators.removeSchema();
        }
      } catch {
        // A schema Ajv cannot compile: no mismatch reported, as the converter's function does.
        return { filteredValidationError };
      }
      return { filteredValidationError, validate };
    },
  };
}
