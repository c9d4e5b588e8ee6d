import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { servedBuild, type ServedBuild } from '../helpers/servedBuild.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { seriousViolations } from '../helpers/axeViolations.ts';
import { nuCheckerErrors } from '../helpers/nuChecker.ts';
import { addConfigOptions, copyFixtureSite } from '../helpers/fixtureSite.ts';

/**
 * A description whose named schemas are used inside one another, a recursive one among them
 * (a folder's parent and children are folders): what src/client/schemaExpand.ts shows in place.
 * The fixture's guide links to /api/#operation/listThings, an operation this description keeps.
 */
const description = `openapi: 3.1.0
info:
  title: Folders API
  version: 1.0.0
servers:
  - url: https://api.folders.example/v1
tags:
  - name: Folders
  - name: Things
paths:
  /folders/{id}:
    get:
      operationId: getFolder
      tags: [Folders]
      summary: Get a folder
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Folder' }
  /things/:
    get:
      operationId: listThings
      tags: [Things]
      summary: List things
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Owner' }
components:
  schemas:
    Folder:
      type: object
      properties:
        name: { type: string, description: The folder's own name. }
        parent: { $ref: '#/components/schemas/Folder' }
        owner: { $ref: '#/components/schemas/Owner' }
        children: { type: array, items: { $ref: '#/components/schemas/Folder' } }
    Owner:
      type: object
      description: Who a folder belongs to.
      properties:
        email: { type: string, description: Where mail goes. }
`;

async function writeFoldersSite(split: boolean): Promise<string> {
  const site = await copyFixtureSite();
  if (split) await addConfigOptions(site, 'apiReference: { splitAbove: 1 },');
  await writeFile(path.join(site, 'openapi/api.yaml'), description);
  return site;
}

let browser: Browser;
let whole: ServedBuild;
let split: ServedBuild;

beforeAll(async () => {
  browser = await launchChromium();
  [whole, split] = await Promise.all([
    servedBuild(() => writeFoldersSite(false)),
    servedBuild(() => writeFoldersSite(true)),
  ]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await whole?.close();
  await split?.close();
});

/** A tab of its own that reaches nothing beyond this machine. */
async function newTab(options: { javaScriptEnabled?: boolean; width?: number } = {}) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  return { context, tab: await context.newPage() };
}

/** The property `name` of the operation's response body, at its top level. */
const property = (tab: Page, name: string) =>
  tab.locator(
    `#operation\\/getFolder .schema > .schema__properties > .schema__property:has(> .schema__head > .schema__name:text-is("${name}"))`,
  );

type Locator = ReturnType<Page['locator']>;
/** The button of a property's own row, and the panel it shows (not those of the properties inside it). */
const ownButton = (property: Locator) => property.locator(':scope > .schema__head > button');
const ownPanel = (property: Locator) => property.locator(':scope > .schema__expansion');
/** The properties a panel lists at its own level. */
const rows = (panel: Locator) => panel.locator(':scope > .schema__properties > .schema__property');

/** The names of the properties a panel lists at its own level. */
const namesIn = (panel: ReturnType<Page['locator']>) =>
  panel.locator(':scope > .schema__properties > .schema__property > .schema__head > .schema__name').allTextContents();

/** Ids the page holds more than once. */
const duplicateIds = (tab: Page) =>
  tab.evaluate(() => {
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    return ids.filter((id, index) => ids.indexOf(id) !== index);
  });

describe('a named schema used inside another, on the reference on one page', () => {
  it('is a link in the HTML as built, and no more: the button comes with the script', async () => {
    const html = await readFile(path.join(whole.outDir, 'api/index.html'), 'utf8');
    expect(html).toContain('<span class="schema__type"><a href="#schema/Folder">Folder</a></span>');
    expect(html).toContain('<span class="schema__type"><a href="#schema/Folder">array of Folder</a></span>');
    expect(html).not.toContain('schema__expand');
  });

  it('without JavaScript, stays a link to the schema’s section', async () => {
    const { context, tab } = await newTab({ javaScriptEnabled: false });
    await tab.goto(`${whole.url}/api/`);
    const parent = property(tab, 'parent');
    expect(await parent.locator('button').count()).toBe(0);
    await parent.getByRole('link', { name: 'Folder' }).click();
    expect(new URL(tab.url()).hash).toBe('#schema/Folder');
    await context.close();
  });

  it('shows the schema’s properties in place, nested, and hides them again', async () => {
    const { context, tab } = await newTab();
    await tab.goto(`${whole.url}/api/`);
    const parent = property(tab, 'parent');
    const button = parent.locator(':scope > .schema__head').getByRole('button', { name: "Folder's properties" });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const panel = ownPanel(parent);
    expect(await panel.getAttribute('role')).toBe('group');
    expect(await panel.getAttribute('aria-label')).toBe("Folder's properties");
    expect(await panel.getAttribute('id')).toBe(await button.getAttribute('aria-controls'));
    expect(await namesIn(panel)).toEqual(['name', 'parent', 'owner', 'children']);
    expect(await panel.getByText("The folder's own name.").isVisible()).toBe(true);
    // A folder inside a folder opens one level at a time: its own parent is a button again, closed.
    const inner = rows(panel).nth(1);
    expect(await ownButton(inner).getAttribute('aria-expanded')).toBe('false');
    expect(await ownPanel(inner).count()).toBe(0);
    await ownButton(inner).click();
    expect(await namesIn(ownPanel(inner))).toEqual(['name', 'parent', 'owner', 'children']);
    // Another schema inside it.
    const owner = rows(panel).nth(2);
    await owner.locator(':scope > .schema__head').getByRole('button', { name: "Owner's properties" }).click();
    expect(await namesIn(ownPanel(owner))).toEqual(['email']);
    expect(await duplicateIds(tab)).toEqual([]);
    // Hidden again, and shown again as it was.
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await panel.isVisible()).toBe(false);
    await button.click();
    expect(await panel.isVisible()).toBe(true);
    expect(await ownPanel(inner).isVisible()).toBe(true);
    // An array of the schema opens it too.
    const children = property(tab, 'children');
    await children.locator(':scope > .schema__head').getByRole('button', { name: "Folder's properties" }).click();
    expect(await namesIn(ownPanel(children))).toEqual(['name', 'parent', 'owner', 'children']);
    await context.close();
  });

  it('is reached with the keyboard, after the link, and opened and closed with Enter and Space', async () => {
    const { context, tab } = await newTab();
    await tab.goto(`${whole.url}/api/`);
    const owner = property(tab, 'owner');
    await owner.getByRole('link', { name: 'Owner' }).focus();
    await tab.keyboard.press('Tab');
    const button = owner.locator(':scope > .schema__head').getByRole('button', { name: "Owner's properties" });
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    await tab.keyboard.press('Enter');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    expect(await namesIn(ownPanel(owner))).toEqual(['email']);
    await tab.keyboard.press('Space');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    expect(await ownPanel(owner).isVisible()).toBe(false);
    await context.close();
  });

  it(
    'passes every axe-core rule and the Nu HTML Checker with schemas shown in place',
    { timeout: 240_000 },
    async () => {
      const { context, tab } = await newTab();
      await tab.goto(`${whole.url}/api/`);
      for (const name of ['parent', 'owner']) await property(tab, name).getByRole('button').first().click();
      await property(tab, 'parent').locator('.schema__expansion button').first().click();
      expect(await seriousViolations(tab)).toEqual([]);
      await writeFile(
        path.join(whole.outDir, 'expanded.html'),
        `<!doctype html>${await tab.evaluate(() => document.documentElement.outerHTML)}`,
      );
      expect(await nuCheckerErrors(whole.outDir, ['expanded.html'])).toEqual([]);
      await context.close();
    },
  );
});

describe('a named schema used inside another, on a split reference', () => {
  it('is fetched from the schema’s own page once (with the pages navigation fetches), its links made to work from here, and opens nested', async () => {
    const { context, tab } = await newTab();
    const fetched: string[] = [];
    tab.on('request', (request) => {
      if (request.resourceType() === 'fetch') fetched.push(new URL(request.url()).pathname);
    });
    await tab.goto(`${split.url}/api/folders/`);
    const parent = property(tab, 'parent');
    expect(await parent.getByRole('link', { name: 'Folder' }).getAttribute('href')).toBe('/api/schemas/#schema/Folder');
    await parent.locator(':scope > .schema__head').getByRole('button', { name: "Folder's properties" }).click();
    const panel = ownPanel(parent);
    await expect.poll(() => namesIn(panel)).toEqual(['name', 'parent', 'owner', 'children']);
    // The schemas page's own links (`#schema/Owner`) lead to it from here.
    const owner = rows(panel).nth(2);
    expect(await owner.getByRole('link', { name: 'Owner' }).getAttribute('href')).toBe('/api/schemas/#schema/Owner');
    await ownButton(owner).click();
    await expect.poll(() => namesIn(ownPanel(owner))).toEqual(['email']);
    expect(await ownPanel(owner).getByText('Where mail goes.').isVisible()).toBe(true);
    // A folder in the folder, from the page fetched before.
    await ownButton(rows(panel).nth(1)).click();
    await expect.poll(() => namesIn(ownPanel(rows(panel).nth(1)))).toEqual(['name', 'parent', 'owner', 'children']);
    await ownButton(property(tab, 'owner')).click();
    await expect.poll(() => namesIn(ownPanel(property(tab, 'owner')))).toEqual(['email']);
    // Once, whether navigation fetched it ahead (a link in view) or the button did.
    expect(fetched.filter((route) => route === '/api/schemas/')).toEqual(['/api/schemas/']);
    expect(await duplicateIds(tab)).toEqual([]);
    expect(await seriousViolations(tab)).toEqual([]);
    await context.close();
  });

  it('says where to read the properties when their page cannot be fetched', async () => {
    const { context, tab } = await newTab();
    await context.route(/\/api\/schemas\/$/, (route) => route.abort());
    await tab.goto(`${split.url}/api/folders/`);
    const parent = property(tab, 'parent');
    await ownButton(parent).click();
    const panel = ownPanel(parent);
    await expect.poll(() => panel.textContent()).toContain('could not be loaded');
    expect(await panel.getByRole('link', { name: 'Folder' }).getAttribute('href')).toBe(
      `${split.url}/api/schemas/#schema/Folder`,
    );
    await context.close();
  });
});
