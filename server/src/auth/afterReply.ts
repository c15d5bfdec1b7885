/**
 * Work a route starts only after its answer: the mailed-link requests (reset, resend confirmation) answer
 * every address the same way and at the same moment, then look the address up and mail. Their in-request work
 * is therefore identical whether or not the address has an account (issue 32 item 6: no timing oracle).
 */
export type AfterReply = (task: () => Promise<void>) => void;

export interface AfterReplyRunner {
  run: AfterReply;
  /** Resolves when every task started so far has finished (app close waits for it). */
  drain(): Promise<void>;
}

export function createAfterReply(onError: (err: unknown) => void): AfterReplyRunner {
  const pending = new Set<Promise<void>>();
  return {
    run(task) {
      // setImmediate: the reply is written first; the task's queries never happen inside the request.
      const done = new Promise<void>((resolve) => setImmediate(resolve)).then(task).catch(onError);
      pending.add(done);
      void done.finally(() => pending.delete(done));
    },
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
