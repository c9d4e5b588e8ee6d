/** `name@version` of every package in the dependency closure of the package at `root`, sorted. */
export function dependencyVersions(root: string): string[];
