import { describe, expect, it } from 'vitest';
import { changelogSites, textOf } from '../helpers/changelogSite.ts';

const sites = changelogSites();

const mark = (kind: 'new' | 'changed', label = '2.0.0') =>
  `<span class="api-mark api-mark--${kind}">${kind === 'new' ? 'New' : 'Changed'} in ${label}</span>`;

describe('the reference of the newer version', () => {
  it('marks what is new or changed since the version before, and its sidebar shows it', async () => {
    const html = await sites.two.render('/api/');
    const section = (anchor: string) => {
      const start = html.indexOf(`id="${anchor}"`);
      return html.slice(start, html.indexOf('</section>', start));
    };
    // Operations: the one added is new, the one whose parameter and response changed is changed.
    expect(section('operation/createThing')).toContain(mark('new'));
    const list = section('operation/listThings');
    expect(list).toContain(mark('changed'));
    // The parameter made required, beside its name; the other parameter unmarked.
    expect(textOf(list.slice(list.indexOf('<table class="api-params">'), list.indexOf('</table>')))).toContain(
      'limitrequiredChanged in 2.0.0',
    );
    expect(list).toMatch(/<code>kind<\/code><\/th>/);
    // The enum value added, in the operation's response and in the schema's own section; its property changed.
    const newValue = `<code class="schema__enum">&quot;deleted&quot;</code>${mark('new')}`;
    expect(list).toContain(newValue);
    expect(list).toContain(`<code class="schema__enum">&quot;archived&quot;</code><code`);
    const thing = section('schema/Thing');
    expect(thing).toContain(newValue);
    expect(textOf(thing)).toContain('statusstringChanged in 2.0.0');
    expect(textOf(thing)).not.toContain('legacy_code');
    // The sidebar: a short mark beside each operation, its version spelled out for screen readers.
    const start = html.indexOf('aria-label="API reference"');
    const sidebar = html.slice(start, html.indexOf('</nav>', start));
    expect(sidebar).toContain(
      '<span>Create a thing</span><span class="api-mark api-mark--new" title="New in 2.0.0">New<span class="visually-hidden"> in 2.0.0</span></span>',
    );
    expect(sidebar).toContain(
      '<span>List things</span><span class="api-mark api-mark--changed" title="Changed in 2.0.0">',
    );
  });

  it('leaves the oldest version’s reference unmarked, with what the next one removed', async () => {
    const html = await sites.two.render('/api/1.0.0/');
    expect(html).not.toContain('api-mark');
    expect(html).toContain('legacy_code');
  });

  it('marks nothing on a site of one version', async () => {
    expect(await sites.one.render('/api/')).not.toContain('api-mark');
  });
});
