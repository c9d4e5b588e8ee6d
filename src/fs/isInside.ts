import path from 'node:path';

/** Whether `file` is `folder` or lies below it (both absolute; resolve links first where they matter). */
export function isInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}
