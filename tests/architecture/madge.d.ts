declare module 'madge' {
  interface MadgeResult {
    obj(): Record<string, string[]>;
  }
  export default function madge(paths: string | string[], config?: Record<string, unknown>): Promise<MadgeResult>;
}
