/** Time that moves only when told: waits of the retry policy and the poll schedule cost no real time. */
export class VirtualClock {
  constructor(private current: number) {}

  readonly now = (): number => this.current;

  advance(ms: number): void {
    if (!(ms >= 0)) throw new Error(`The clock cannot move by ${ms} ms.`);
    this.current += ms;
  }
}
