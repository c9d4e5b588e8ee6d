import type { HTMLAttributes } from 'react';

/**
 * A heading of the reference at `level` (h1–h6): the same section is an `h2` on the reference's
 * one page and the `h1` of a split reference's page (headingsLifted, src/model/apiReference.ts).
 */
export function ReferenceHeading({ level, ...props }: { level: number } & HTMLAttributes<HTMLHeadingElement>) {
  const Heading = `h${Math.min(6, Math.max(1, level))}` as 'h1';
  return <Heading {...props} />;
}
