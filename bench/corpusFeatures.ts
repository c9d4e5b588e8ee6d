/**
 * The blocks a synthetic page is made of, one writer's habit each: the bench corpus mixes them by
 * seeded weights (bench/corpus.ts), and a corpus of one feature measures what that feature costs.
 */

/** What a block is made of: random words, sentences and titles from the corpus's vocabulary. */
export interface Words {
  next: () => number;
  pick: () => string;
  sentence: (length?: number) => string;
  paragraph: () => string;
  title: () => string;
}

/** A link target of the corpus: its file relative to content/docs, and its route. */
export interface LinkTarget {
  file: string;
  route: string;
}

/** Where a block is written: its page's folder and the pages it may link to. */
export interface BlockContext {
  folder: string;
  targets: LinkTarget[];
}

/** The languages API docs use, each with a small sample built from random words. */
const codeSamples: Record<string, (w: Words) => string[]> = {
  bash: (w) => [
    `curl -sS -X POST "https://api.example.com/v2/${w.pick()}/" \\`,
    '  -H "Authorization: Bearer $API_KEY" \\',
    `  -d '{"${w.pick()}": "${w.pick()}", "count": ${Math.floor(w.next() * 100)}}' | jq '.${w.pick()}'`,
  ],
  json: (w) => [
    '{',
    `  "id": "${w.pick()}_${Math.floor(w.next() * 1e6)}",`,
    `  "${w.pick()}": { "${w.pick()}": true, "${w.pick()}": [1, 2, 3] },`,
    `  "status": "${w.pick()}",`,
    `  "created_at": "2026-0${1 + Math.floor(w.next() * 9)}-12T10:00:00Z"`,
    '}',
  ],
  javascript: (w) => [
    `const response = await fetch('https://api.example.com/v2/${w.pick()}/', {`,
    "  method: 'POST',",
    '  headers: { Authorization: `Bearer ${process.env.API_KEY}` },',
    `  body: JSON.stringify({ ${w.pick()}: '${w.pick()}', count: ${Math.floor(w.next() * 100)} }),`,
    '});',
    `if (!response.ok) throw new Error(\`\${response.status}\`);`,
    `console.log((await response.json()).${w.pick()});`,
  ],
  typescript: (w) => [
    `interface ${w.title().replace(/\W/g, '')} {`,
    `  ${w.pick()}: string;`,
    `  ${w.pick()}?: number[];`,
    '}',
    '',
    `export async function load(id: string): Promise<${w.title().replace(/\W/g, '')}[]> {`,
    `  const res = await client.get<{ data: never[] }>(\`/${w.pick()}/\${id}\`);`,
    '  return res.data;',
    '}',
  ],
  python: (w) => [
    'import os',
    'import requests',
    '',
    `response = requests.get("https://api.example.com/v2/${w.pick()}/", headers={"Authorization": f"Bearer {os.environ['API_KEY']}"})`,
    'response.raise_for_status()',
    'for item in response.json()["data"]:',
    `    print(item["${w.pick()}"], item.get("${w.pick()}"))`,
  ],
  php: (w) => [
    '<?php',
    `$ch = curl_init('https://api.example.com/v2/${w.pick()}/');`,
    "curl_setopt($ch, CURLOPT_HTTPHEADER, ['Authorization: Bearer ' . getenv('API_KEY')]);",
    'curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);',
    '$body = json_decode(curl_exec($ch), true);',
    `echo $body['${w.pick()}'] ?? 'none', PHP_EOL;`,
  ],
  go: (w) => [
    'package main',
    '',
    'import (',
    '\t"fmt"',
    '\t"net/http"',
    ')',
    '',
    'func main() {',
    `\treq, _ := http.NewRequest("GET", "https://api.example.com/v2/${w.pick()}/", nil)`,
    '\tres, err := http.DefaultClient.Do(req)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tfmt.Println(res.Status)',
    '}',
  ],
  java: (w) => [
    'HttpClient client = HttpClient.newHttpClient();',
    'HttpRequest request = HttpRequest.newBuilder()',
    `    .uri(URI.create("https://api.example.com/v2/${w.pick()}/"))`,
    '    .header("Authorization", "Bearer " + System.getenv("API_KEY"))',
    '    .build();',
    'HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());',
    'System.out.println(response.body());',
  ],
  ruby: (w) => [
    "require 'net/http'",
    "require 'json'",
    '',
    `uri = URI('https://api.example.com/v2/${w.pick()}/')`,
    "req = Net::HTTP::Get.new(uri, 'Authorization' => \"Bearer #{ENV['API_KEY']}\")",
    'res = Net::HTTP.start(uri.host, uri.port, use_ssl: true) { |http| http.request(req) }',
    `puts JSON.parse(res.body)['${w.pick()}']`,
  ],
  yaml: (w) => [
    `${w.pick()}:`,
    `  ${w.pick()}: ${w.pick()}`,
    '  retries: 3',
    `  events: [${w.pick()}, ${w.pick()}]`,
    `  url: https://hooks.example.com/${w.pick()}`,
  ],
  http: (w) => [
    `POST /v2/${w.pick()}/ HTTP/1.1`,
    'Host: api.example.com',
    'Authorization: Bearer YOUR_API_KEY',
    'Content-Type: application/json',
    '',
    `{"${w.pick()}": "${w.pick()}"}`,
  ],
};

/** The languages of the code blocks, in the order a reader of API docs meets them. */
export const codeLanguages = Object.keys(codeSamples);

const fence = (language: string, lines: string[], meta = '') => ['```' + language + meta, ...lines, '```'];

const admonitionTypes = ['note', 'tip', 'info', 'warning', 'danger', 'caution'];

/** Each feature writes one block (lines of Markdown) of a page. */
export const blockWriters = {
  /** Paragraphs under a heading: the cost every page pays. */
  prose: (w: Words) => [w.paragraph(), '', w.paragraph()],
  /** One code block in one of the eleven languages, some with highlighted lines or a title. */
  code: (w: Words) => {
    const language = codeLanguages[Math.floor(w.next() * codeLanguages.length)];
    const roll = w.next();
    const meta = roll < 0.2 ? ' {2}' : roll < 0.35 ? ` title="${w.pick()}.${language}"` : '';
    return [w.sentence(), '', ...fence(language, codeSamples[language](w), meta)];
  },
  /** An admonition of a Docusaurus type, sometimes titled, holding a paragraph and a list. */
  admonitions: (w: Words) => {
    const type = admonitionTypes[Math.floor(w.next() * admonitionTypes.length)];
    const title = w.next() < 0.3 ? `[${w.title()}]` : '';
    return [`:::${type}${title}`, w.sentence(), '', `- ${w.sentence(6)}`, `- ${w.sentence(6)}`, ':::'];
  },
  /** Code tabs in three languages, or prose tabs synced by a group. */
  tabs: (w: Words) =>
    w.next() < 0.5
      ? [
          ':::code-tabs',
          ...fence('bash', codeSamples.bash(w), ' label=curl'),
          ...fence('javascript', codeSamples.javascript(w), ' label=JavaScript'),
          ...fence('python', codeSamples.python(w), ' label=Python'),
          ':::',
        ]
      : [
          '::::tabs{groupId=os}',
          ':::tab[macOS]',
          w.paragraph(),
          ':::',
          ':::tab[Linux]',
          w.paragraph(),
          ':::',
          ':::tab[Windows]',
          w.paragraph(),
          ':::',
          '::::',
        ],
  /** A field table, sometimes long (30 rows) and aligned. */
  tables: (w: Words) => {
    const rows = w.next() < 0.3 ? 30 : 6;
    return [
      '| Field | Type | Required | Description |',
      '|:---|:---:|:---:|---|',
      ...Array.from(
        { length: rows },
        () => `| \`${w.pick()}\` | string | ${w.next() > 0.5 ? 'yes' : 'no'} | ${w.sentence(8)} |`,
      ),
    ];
  },
  /** Nested lists, ordered and not, three levels deep. */
  lists: (w: Words) => [
    `1. ${w.sentence(7)}`,
    `   - ${w.sentence(6)}`,
    `     - ${w.sentence(5)} \`${w.pick()}\``,
    `   - ${w.sentence(6)}`,
    `2. ${w.sentence(7)}`,
    `3. ${w.sentence(7)}`,
    `   1. ${w.sentence(5)}`,
    `   2. ${w.sentence(5)}`,
  ],
  /** An image beside the page, with its caption. */
  images: (w: Words) => [`![${w.title()}](./img/figure.png)`, '', `*${w.sentence(6)}*`],
  /** Relative (`./`, `../`) and absolute links, each to a heading of another page. */
  links: (w: Words, context: BlockContext) => {
    const link = () => {
      const target = context.targets[Math.floor(w.next() * context.targets.length)];
      const roll = w.next();
      if (roll < 0.4) return `[${w.title()}](${target.route}#overview)`;
      const [folder, file] = target.file.split('/');
      const href = folder === context.folder ? `./${file}` : `../${folder}/${file}`;
      return `[${w.title()}](${href}${roll < 0.7 ? '#overview' : ''})`;
    };
    return [`${w.sentence()} See ${link()}, ${link()} and ${link()}; ${w.sentence(8)} ${link()}.`];
  },
};

/** A feature of the corpus: a kind of block. */
export type Feature = keyof typeof blockWriters;

/** Every feature, with how many of a page's blocks it makes up in the mixed corpus. */
export const featureWeights: Record<Feature, number> = {
  prose: 4,
  code: 3,
  admonitions: 1,
  tabs: 1,
  tables: 1,
  lists: 1,
  images: 0.5,
  links: 1.5,
};
