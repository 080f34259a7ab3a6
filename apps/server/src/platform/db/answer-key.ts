/**
 * The request's idempotency key, offered to a one-commit write on PostgreSQL so that its last
 * statement can write the key with the answer it stores, and commit, in one round trip (decision
 * 0101). A write that writes it calls `take`; one that does not leaves it to the caller, who writes it
 * with the write's value as before (decision 0082). What the write stores is its own record (`post`
 * in the key's answer), from which the route rebuilds its value for a retry.
 */
export type AnswerKey = {
  /** Marks the key as the write's to insert; answers the values its statement binds. */
  take: () => { scope: string; key: string; hash: string };
  readonly taken: boolean;
};

/** An offer of the key (the caller reads `taken` once the write is done). */
export const answerKeyOf = (scope: string, key: string, hash: string): AnswerKey => {
  let taken = false;
  return {
    take: () => {
      taken = true;
      return { scope, key, hash };
    },
    get taken() {
      return taken;
    },
  };
};

/**
 * Thrown by a write that took the key but found its work done by an earlier request (the ledger's own
 * key was taken): its statement wrote nothing and committed, so it cannot replay in that transaction.
 * The caller runs the write again without the offer, and it replays as before.
 */
export class AnswerKeyDeclined extends Error {
  constructor() {
    super('The write found its work done before: run it again without the answer key');
  }
}
