// The pool's worker entry for a server run from source (tests, `npm run dev`): Node 20 does not
// pass tsx's loader on to worker threads, so each thread loads the TypeScript worker module it is
// asked for through tsx's own import, once. The compiled server runs its JavaScript workers directly.
import { tsImport } from 'tsx/esm/api';

const modules = new Map();

/** Runs `name` of the TypeScript module `file` (a file: URL) with `envelope`. */
export default async ({ file, name, envelope }) => {
  let loading = modules.get(file);
  if (!loading) {
    loading = tsImport(file, import.meta.url);
    modules.set(file, loading);
  }
  const module = await loading;
  return module[name](envelope);
};
