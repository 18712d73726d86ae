import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/architecture.md (apps/web/src): every feature's `api/` holds a key factory in `keys.ts` and one
// module per resource it talks to, each query a `queryOptions(...)` factory whose key comes from it,
// and hooks spread those factories. One place per feature names its keys, so an invalidation cannot
// miss a query by a typo.

// import.meta.dirname: the test page's URL is happy-dom's, not this file's.
const featuresDir = import.meta.dirname;

const apiFiles = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((feature) => {
    const apiDir = join(featuresDir, feature.name, 'api');
    let names: string[] = [];
    try {
      names = readdirSync(apiDir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
    } catch {
      return [];
    }
    return names.map((name) => ({
      feature: feature.name,
      name,
      path: `${feature.name}/api/${name}`,
      text: readFileSync(join(apiDir, name), 'utf8'),
    }));
  });

const queryHookCall = /\buse(?:Suspense)?Query\(\s*([^)]{0,60})/g;
const queryOptionsCall = /\bqueryOptions\(\s*\{\s*queryKey:\s*([^,\n]{0,60})/g;

describe('the API-file convention of features/*/api', () => {
  it('finds the features', () => {
    expect(new Set(apiFiles.map((file) => file.feature)).size).toBeGreaterThan(5);
  });

  it('gives every feature with an api folder a key factory in keys.ts', () => {
    const features = [...new Set(apiFiles.map((file) => file.feature))];
    const missing = features.filter(
      (feature) =>
        !apiFiles.some(
          (file) =>
            file.feature === feature &&
            file.name === 'keys.ts' &&
            /export (?:const \w+Keys = |\{ \w+Keys \} from )/.test(file.text),
        ),
    );
    expect(missing).toEqual([]);
  });

  it('names each module after a resource, not after one call on it', () => {
    const perCall = apiFiles
      .filter((file) => /^(?:get|create|update|delete|save|revoke|send|mark)-/.test(file.name))
      .map((file) => file.path);
    expect(perCall).toEqual([]);
  });

  it('writes no query key by hand outside keys.ts', () => {
    const literal = apiFiles
      .filter((file) => file.name !== 'keys.ts' && /queryKey:\s*\[/.test(file.text))
      .map((file) => file.path);
    expect(literal).toEqual([]);
  });

  it('builds each query with queryOptions from the key factory, and hooks spread those factories', () => {
    const failures: string[] = [];
    for (const file of apiFiles) {
      for (const [, argument] of file.text.matchAll(queryHookCall)) {
        if (!/^(?:\{\s*\.\.\.)?\w+QueryOptions\(/.test(argument ?? ''))
          failures.push(`${file.path}: useQuery(${argument?.trim()}…) does not use a queryOptions factory`);
      }
      for (const [, key] of file.text.matchAll(queryOptionsCall)) {
        if (!/^\w+Keys\./.test(key ?? ''))
          failures.push(`${file.path}: queryKey ${key} is not from a Keys factory`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('writes no query key by hand anywhere in the app: keys come from a key factory', () => {
    const sourceDir = join(featuresDir, '..');
    const handWritten = /(?:queryKey:\s*\[|QueryData(?:<[^>]*>)?\(\s*\[|Queries\(\s*\[)/;
    const offenders = readdirSync(sourceDir, { recursive: true, encoding: 'utf8' })
      .filter(
        (name) =>
          /\.tsx?$/.test(name) &&
          !/\.test\.tsx?$/.test(name) &&
          !/(?:^|\/)(?:keys|[\w-]+-keys)\.ts$/.test(name),
      )
      .filter((name) => handWritten.test(readFileSync(join(sourceDir, name), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
