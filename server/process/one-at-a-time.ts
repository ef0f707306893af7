/**
 * Runs an async task one at a time: a call while it runs asks for exactly one more run after it (calls
 * in between coalesce), so two SIGHUPs in quick succession reload twice at most, never concurrently.
 * The returned promise settles when the run that covers this call has finished.
 */
export function oneAtATime(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again: Promise<void> | null = null;
  const start = (): Promise<void> => {
    running = task().finally(() => {
      running = null;
    });
    return running;
  };
  return () => {
    if (!running) return start();
    const next = () => {
      again = null;
      return start();
    };
    again ??= running.then(next, next);
    return again;
  };
}
