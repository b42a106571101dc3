/**
 * A client publish from authorization until it is delivered or refused (its order key and
 * settled() wait for it). A class, not closures made per publish: the server runs through
 * tsx, whose esbuild `keepNames` names each such closure with `Object.defineProperty` —
 * in the stress profile that naming alone was about 4 % of the server's CPU.
 */
export class PendingPublish {
  readonly #of: Set<PendingPublish>;
  readonly #resolve: () => void;
  #deadline: NodeJS.Timeout | undefined;
  constructor(of: Set<PendingPublish>, resolve: () => void) {
    this.#of = of;
    this.#resolve = resolve;
    of.add(this);
  }
  /**
   * Finishes it after `ms` if nothing has by then. The timer goes when it finishes: left to
   * run out, every message's timer and what it holds outlived two scavenges and were copied
   * into the old generation (issue 11 point 7).
   */
  finishAfter(ms: number): void {
    this.#deadline = setTimeout(finishPublish, ms, this).unref();
  }
  finish(): void {
    clearTimeout(this.#deadline);
    this.#deadline = undefined;
    this.#of.delete(this);
    this.#resolve();
  }
}

function finishPublish(publish: PendingPublish) {
  publish.finish();
}
