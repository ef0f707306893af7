/**
 * The JSON pointer of the node a walker is at, kept as a stack of segments and written out only when an
 * issue names it. The walkers visit every node of every master file at each start; a pointer string made
 * for each node was most of their cost and garbage. Segments are written as they are (no ~ escaping), as
 * the invariants have always written them.
 */
export class PointerStack {
  private readonly segments: (string | number)[] = [];

  push(segment: string | number): void {
    this.segments.push(segment);
  }

  pop(): void {
    this.segments.pop();
  }

  /** The pointer of the current node, with `more` segments below it ('' at the root). */
  at(...more: (string | number)[]): string {
    let out = '';
    for (const s of this.segments) out += `/${s}`;
    for (const s of more) out += `/${s}`;
    return out;
  }
}
