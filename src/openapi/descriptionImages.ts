import { foreignImageOrigin } from '../markdown/imageOrigin.ts';
import { locatedError, type OpenApiModel } from './openApiModel.ts';
import { pickNodes } from './walkNodes.ts';

/** An image in Markdown (`![alt](url`) or HTML (`<img … src="url"`). */
const imageUrls = /!\[[^\]]*\]\(\s*<?([^\s)>]+)|<img\b[^>]*?\bsrc\s*=\s*["']?([^"'\s>]+)/gi;

/**
 * A warning for every image a description shows from an origin that `apiReference.imageHosts`
 * does not list (the page shows it as a link: rehypeDescriptionHtml), at the `description` that
 * holds it (`openapi.yaml:120:7`, relative to the project `root`), in the order written. Found once, when the site is
 * loaded, for all of the description's files (render threads have no channel for warnings).
 */
export function foreignImageWarnings(api: OpenApiModel, imageHosts: readonly string[], root: string): string[] {
  const allowed = new Set(imageHosts);
  const warnings: string[] = [];
  const locators = new Map();
  const parts: [string, unknown][] = [['', api.document], ...Object.entries(api.parts)];
  for (const [part, document] of parts) {
    const described = pickNodes(document, (node) => {
      const value = (node as { description?: unknown }).description;
      return typeof value === 'string' && (value.includes('![') || /<img\b/i.test(value));
    });
    for (const { node, pointer } of described) {
      const value = (node as { description: string }).description;
      for (const [, markdownUrl, htmlUrl] of value.matchAll(imageUrls)) {
        const url = markdownUrl ?? htmlUrl;
        const origin = foreignImageOrigin(url);
        if (origin !== undefined && !allowed.has(origin))
          warnings.push(
            locatedError(
              api,
              part,
              `${pointer}/description`,
              `the description shows an image from ${origin}, which apiReference.imageHosts does not list (the page links to it instead): ${url}`,
              locators,
            ).format(root),
          );
      }
    }
  }
  return warnings;
}
