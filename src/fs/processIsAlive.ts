/**
 * Whether the process that owns a scratch folder (its pid in the folder's name) is still running; a folder that
 * names no process (an older engine's) has none.
 */
export function processIsAlive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
