import { describe, expect, it } from 'vitest';
import { createFairTurns } from './fair-turns.ts';

const limits = { maxConcurrent: 2, maxQueued: 20, maxQueuedPerCompany: 4 };

/** Renders that start when given a turn and end when told: the order in which companies got turns. */
const createPrinter = (turns = createFairTurns(limits, 'busy')) => {
  const started: string[] = [];
  const running: { label: string; companyId: string }[] = [];
  const print = (companyId: string, label: string) =>
    turns.take(companyId).then(() => {
      started.push(label);
      running.push({ label, companyId });
    });
  const finish = async (label: string) => {
    const index = running.findIndex((render) => render.label === label);
    const [render] = running.splice(index, 1);
    if (render) turns.end(render.companyId);
    // The next turn's promise settles on the following microtasks.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { turns, started, print, finish };
};

describe('fair turns at the PDF renderer', () => {
  it("gives a company that waits a slot before the next of another company's queued renders", async () => {
    const { started, print, finish } = createPrinter();
    const burst = ['a1', 'a2', 'a3', 'a4', 'a5'].map((label) => print('A', label));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a1', 'a2']);
    const single = print('B', 'b1');
    await finish('a1');
    // A still has a render running and three waiting: B's one goes first.
    expect(started).toEqual(['a1', 'a2', 'b1']);
    await finish('a2');
    await finish('b1');
    await finish('a3');
    await finish('a4');
    await finish('a5');
    await Promise.all([...burst, single]);
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3', 'a4', 'a5']);
  });

  it('takes turns between busy companies, and lets one use every slot when nobody else waits', async () => {
    const { started, print, finish } = createPrinter(
      createFairTurns({ ...limits, maxConcurrent: 1 }, 'busy'),
    );
    for (const label of ['a1', 'a2', 'a3']) void print('A', label);
    for (const label of ['b1', 'b2']) void print('B', label);
    await new Promise((resolve) => setImmediate(resolve));
    for (const label of ['a1', 'b1', 'a2', 'b2']) await finish(label);
    expect(started).toEqual(['a1', 'b1', 'a2', 'b2', 'a3']);
  });

  it('refuses a company beyond its own few waiting renders while others may still queue', async () => {
    const { turns, print } = createPrinter();
    const accepted = Array.from({ length: 6 }, (_, n) => print('A', `a${n}`));
    await new Promise((resolve) => setImmediate(resolve));
    await expect(print('A', 'one too many')).rejects.toMatchObject({ code: 'UNAVAILABLE', message: 'busy' });
    void print('B', 'b1');
    expect(turns.waiting()).toBe(5);
    void accepted;
  });
});
