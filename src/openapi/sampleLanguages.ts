import { defaultSampleLanguages, type SampleLanguageName } from '../model/sampleLanguageNames.ts';

/**
 * The languages a site can ask for: snippetz's client for it (loaded on use: all of snippetz takes
 * ~0.1–0.25 s to import, one client ~10 ms), the fence's language and tab
 * label, its comment marker, and what a sample needs before the generated code to run as a whole file (snippetz
 * leaves out Python's import and PHP's opening tag and autoloader).
 */
export const sampleLanguages = {
  curl: {
    load: () => import('@scalar/snippetz/plugins/shell/curl').then((m) => m.shellCurl),
    fence: 'bash',
    label: 'curl',
    comment: '#',
    prelude: '',
  },
  javascript: {
    load: () => import('@scalar/snippetz/plugins/js/fetch').then((m) => m.jsFetch),
    fence: 'js',
    label: 'JavaScript',
    comment: '//',
    prelude: '',
  },
  node: {
    load: () => import('@scalar/snippetz/plugins/node/axios').then((m) => m.nodeAxios),
    fence: 'js',
    label: 'Node.js',
    comment: '//',
    prelude: '',
  },
  python: {
    load: () => import('@scalar/snippetz/plugins/python/requests').then((m) => m.pythonRequests),
    fence: 'python',
    label: 'Python',
    comment: '#',
    prelude: 'import requests\n\n',
  },
  php: {
    load: () => import('@scalar/snippetz/plugins/php/guzzle').then((m) => m.phpGuzzle),
    fence: 'php',
    label: 'PHP',
    comment: '//',
    prelude: "<?php\nrequire 'vendor/autoload.php';\n\n",
  },
  go: {
    load: () => import('@scalar/snippetz/plugins/go/native').then((m) => m.goNative),
    fence: 'go',
    label: 'Go',
    comment: '//',
    prelude: '',
  },
  java: {
    load: () => import('@scalar/snippetz/plugins/java/okhttp').then((m) => m.javaOkhttp),
    fence: 'java',
    label: 'Java',
    comment: '//',
    prelude: '',
  },
  ruby: {
    load: () => import('@scalar/snippetz/plugins/ruby/native').then((m) => m.rubyNative),
    fence: 'ruby',
    label: 'Ruby',
    comment: '#',
    prelude: '',
  },
  csharp: {
    load: () => import('@scalar/snippetz/plugins/csharp/httpclient').then((m) => m.csharpHttpclient),
    fence: 'csharp',
    label: 'C#',
    comment: '//',
    prelude: '',
  },
} as const satisfies Record<SampleLanguageName, unknown>;

export { defaultSampleLanguages, type SampleLanguageName };
