import path from 'node:path';
import type { Root, Image, ImageReference, Definition } from 'mdast';
import type { VFile } from 'vfile';
import { visit } from '../../tree/visit.ts';
import { errorAt, markdownData } from '../context.ts';
import { unsafeUrlMessage, unsafeUrlScheme } from '../../config/safeUrl.ts';
import { withBase } from '../../model/paths.ts';
import { likelyMeant } from '../../didYouMean.ts';

const scheme = /^([a-z][a-z0-9+.-]*):/i;

/** Where pages live in the project: an image path is resolved from a page's folder inside it. */
const docsDir = 'content/docs';

/**
 * Images, as Docusaurus serves them: `![x](./diagram.png)` beside the page shows the image's
 * content-hashed copy (`/assets/diagram-1a2b3c4d.png`, under the site's base) with its width and
 * height, so the page does not shift as it loads. The first image of a page loads at once (it may
 * be above the fold); every later one gets `loading="lazy"`, a build cannot know the reader's
 * screen. A missing image is recorded as a broken link (the link check reports it at its
 * file:line:col, with the closest image there is); a path that leaves content/docs, or the
 * project, is an error. `/img/x.png` is a file of `public/`, served as it is; an unsafe scheme
 * (`javascript:`) is an error. Markdown rendered without the site's images (an OpenAPI
 * description) keeps a relative path as written.
 */
export function remarkImages() {
  return (tree: Root, file: VFile) => {
    const data = markdownData(file);
    const { images, baseUrl = '/', relativePath } = data.context;
    data.links ??= [];
    // Both kinds are written `![`: a page without it is not walked.
    if (!String(file.value).includes('![')) return;
    const definitions = new Map<string, Definition>();
    visit(tree, 'definition', (node: Definition) => {
      if (!definitions.has(node.identifier)) definitions.set(node.identifier, node);
    });
    let shown = 0;
    visit(tree, (node, index, parent) => {
      if ((node.type !== 'image' && node.type !== 'imageReference') || !parent || index === undefined) return;
      const image = node as Image | ImageReference;
      const definition = image.type === 'imageReference' ? definitions.get(image.identifier) : undefined;
      const written = image.type === 'image' ? image.url : definition?.url;
      // An undefined reference is text, as CommonMark has it.
      if (written === undefined) return;
      const unsafe = unsafeUrlScheme(written);
      if (unsafe !== undefined) throw errorAt(file, image, unsafeUrlMessage(written, unsafe, 'image'));
      const properties: Record<string, string | number> =
        shown++ === 0 ? { decoding: 'async' } : { loading: 'lazy', decoding: 'async' };
      let url = written;
      if (written.startsWith('/') && !written.startsWith('//')) url = withBase(baseUrl, written);
      // Markdown that is no docs page (an API description, the home page's sample) has no images beside it.
      else if (images && !scheme.test(written) && !written.startsWith('//') && written !== '') {
        const target = imagePath(written, relativePath);
        if (target.startsWith('../')) throw errorAt(file, image, `image ${written} leaves the project`);
        if (!target.startsWith(`${docsDir}/`)) {
          throw errorAt(
            file,
            image,
            `image ${written} is outside ${docsDir}: keep images beside the pages, or in public/ and write /${target.replace(/^public\//, '')}`,
          );
        }
        const found = images.get(target.slice(docsDir.length + 1));
        if (found) {
          url = withBase(baseUrl, found.url);
          if (found.width !== undefined && found.height !== undefined)
            Object.assign(properties, { width: found.width, height: found.height });
        } else {
          const start = image.position?.start;
          const here = path.posix.dirname(relativePath);
          const closest = likelyMeant(target.slice(docsDir.length + 1), images.keys());
          data.links.push({
            href: written,
            written,
            line: start?.line ?? 0,
            column: start?.column ?? 0,
            missingFile: true,
            image: true,
            suggestion: closest && path.posix.relative(here, closest).replace(/^(?!\.\.?\/)/, './'),
          });
        }
      }
      // A reference becomes the image it refers to; the definition stays, for the links plugin.
      const shownImage: Image =
        image.type === 'image'
          ? image
          : { type: 'image', url, alt: image.alt, title: definition?.title ?? null, position: image.position };
      shownImage.url = url;
      shownImage.data = { ...shownImage.data, hProperties: { ...shownImage.data?.hProperties, ...properties } };
      parent.children[index] = shownImage as never;
    });
  };
}

/** A relative image path as a project path (`../img/a.png` from `guide/step.md` → `content/docs/img/a.png`), `?`/`#` dropped. */
function imagePath(written: string, relativePath: string): string {
  const pathPart = written.split(/[?#]/, 1)[0];
  let decoded = pathPart;
  try {
    decoded = decodeURI(pathPart);
  } catch {
    // A stray `%`: the name as written.
  }
  return path.posix.normalize(path.posix.join(docsDir, path.posix.dirname(relativePath), decoded));
}
