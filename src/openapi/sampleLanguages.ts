/**
 * The languages a site can ask for: snippetz's target and client, the fence's language and tab
 * label, its comment marker, and what a sample needs before the generated code to run as a whole file (snippetz
 * leaves out Python's import and PHP's opening tag and autoloader).
 */
export const sampleLanguages = {
  curl: { target: 'shell', client: 'curl', fence: 'bash', label: 'curl', comment: '#', prelude: '' },
  javascript: { target: 'js', client: 'fetch', fence: 'js', label: 'JavaScript', comment: '//', prelude: '' },
  node: { target: 'node', client: 'axios', fence: 'js', label: 'Node.js', comment: '//', prelude: '' },
  python: { target: 'python', client: 'requests', fence: 'python', label: 'Python', comment: '#', prelude: 'import requests\n\n' },
  php: {
    target: 'php',
    client: 'guzzle',
    fence: 'php',
    label: 'PHP', comment: '//',
    prelude: "<?php\nrequire 'vendor/autoload.php';\n\n",
  },
  go: { target: 'go', client: 'native', fence: 'go', label: 'Go', comment: '//', prelude: '' },
  java: { target: 'java', client: 'okhttp', fence: 'java', label: 'Java', comment: '//', prelude: '' },
  ruby: { target: 'ruby', client: 'native', fence: 'ruby', label: 'Ruby', comment: '#', prelude: '' },
  csharp: { target: 'csharp', client: 'httpclient', fence: 'csharp', label: 'C#', comment: '//', prelude: '' },
} as const;

export type SampleLanguageName = keyof typeof sampleLanguages;

/** The languages a site shows when its config names none. */
export const defaultSampleLanguages: SampleLanguageName[] = ['curl', 'javascript', 'python', 'php'];
