import { it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { openTestDatabase } from '../test/databases.ts';
import { startIamTestApp } from './services/access/access-test-support.ts';

it('probe', async () => {
  for (let i = 0; i < 4; i++) {
    let c = process.cpuUsage();
    let t = performance.now();
    const db = await openTestDatabase('pglite');
    const dbCpu = process.cpuUsage(c);
    const dbMs = performance.now() - t;
    c = process.cpuUsage();
    t = performance.now();
    const app = await buildTestApp({ database: db });
    const appCpu = process.cpuUsage(c);
    const appMs = performance.now() - t;
    c = process.cpuUsage();
    t = performance.now();
    await app.close();
    const closeCpu = process.cpuUsage(c);
    c = process.cpuUsage();
    t = performance.now();
    const iam = await startIamTestApp({ kind: 'pglite' });
    const iamCpu = process.cpuUsage(c);
    await iam.close();
    console.log(
      'DB',
      Math.round((dbCpu.user + dbCpu.system) / 1000),
      Math.round(dbMs),
      'APP',
      Math.round((appCpu.user + appCpu.system) / 1000),
      Math.round(appMs),
      'CLOSE',
      Math.round((closeCpu.user + closeCpu.system) / 1000),
      'IAM',
      Math.round((iamCpu.user + iamCpu.system) / 1000),
    );
  }
}, 120_000);
