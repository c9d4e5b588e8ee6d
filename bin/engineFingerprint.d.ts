/** The fingerprint of the engine at `root`, given the installed versions of its dependencies. */
export function contentFingerprint(root: string, dependencies: string[]): string;
