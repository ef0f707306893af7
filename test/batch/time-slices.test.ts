/** server/app/batch/time-slices.ts: a long job waits for the next turn once per slice, not per step. */
import { describe, expect, it } from 'vitest';
import { timeSlices } from '../../server/app/batch/time-slices.ts';

describe('time slices', () => {
  it('lets the steps of one slice run on, and yields to the event loop once the slice is spent', async () => {
    let clock = 0;
    const slice = timeSlices(10, () => clock);
    clock = 9;
    expect(slice()).toBeUndefined();
    clock = 10;
    const turn = slice();
    expect(turn).toBeInstanceOf(Promise);
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    await new Promise((r) => setTimeout(r, 5)); // the timer's turn comes before the yielded step goes on
    await turn;
    expect(timerRan).toBe(true);
    // a new slice starts when the step goes on
    clock = 19;
    expect(slice()).toBeUndefined();
    clock = 20;
    expect(slice()).toBeInstanceOf(Promise);
  });
});
