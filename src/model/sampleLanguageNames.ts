/** The languages a site can ask for samples in (config `apiReference.sampleLanguages`; src/openapi/sampleLanguages.ts generates them). */
export const sampleLanguageNames = [
  'curl',
  'javascript',
  'node',
  'python',
  'php',
  'go',
  'java',
  'ruby',
  'csharp',
] as const;

/** A sample language's name. */
export type SampleLanguageName = (typeof sampleLanguageNames)[number];

/** The languages a site shows when its config names none. */
export const defaultSampleLanguages: SampleLanguageName[] = ['curl', 'javascript', 'python', 'php'];
