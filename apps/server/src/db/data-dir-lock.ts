import fs from 'node:fs';
import path from 'node:path';
import { DatabaseOpenError } from './database-errors.ts';

/**
 * Holds DATA_DIR for this process. Two processes writing one PGlite directory corrupt it, so a
 * second start fails with a clear message instead. A lock left by a dead process is taken over.
 */
export const acquireDataDirLock = (dataDir: string): (() => void) => {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'cargodesk.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new DatabaseOpenError(`Cannot write to DATA_DIR ${dataDir}: ${(error as Error).message}`);
      }
      const holder = Number(fs.readFileSync(lockFile, 'utf8'));
      if (isProcessAlive(holder) && holder !== process.pid) {
        throw new DatabaseOpenError(
          `DATA_DIR ${dataDir} is in use by another Cargodesk process (pid ${holder}); stop it or choose another DATA_DIR.`,
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseOpenError(`Cannot lock DATA_DIR ${dataDir}.`);
};

const isProcessAlive = (pid: number) => {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};
